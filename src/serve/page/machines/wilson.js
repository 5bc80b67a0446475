// Wilson's judge (seed 004, "A Number Problem"): the row of groups of
// counters in its eight slots, the judge's stage as it searches, its
// verdict (won or lost for the side that just moved) and the sound move it
// found, the counters that move takes lit red. A keypad enters a group
// (0x80 + n into the next slot), JUDGE (g), RESET (r); PLAY THE MOVE enters
// the position the move found leaves, so a game can be played against it:
// whoever takes the last counter wins.
"use strict";
(() => {
  const SLOTS = 8;
  const COLUMNS = 5;
  const STAGES = ["idle", "SUM: the bases' codes added", "CHOOSE", "ONE: one counter", "TWO: two adjacent",
    "THREE: two adjacent ...", "THREE: ... and one more"];
  let typed = "";
  let last = null;
  let machineMoved = false;
  // The next group starts a new position (a verdict or the machine's move
  // is shown), so ENTER sends RESET first.
  let clearFirst = false;
  let expected = null;

  // The row the judge's move leaves: each group in place, the one split
  // replaced by its pieces (a third counter from a piece or another group).
  function leaves(f) {
    const pieces = f.groups.map((g) => [g]);
    const n = f.groups[f.slot];
    const width = f.kind === 1 ? 1 : 2;
    const right = n - width - f.left;
    pieces[f.slot] = [f.left, right];
    if (f.kind === 2) {
      const split = (m) => [f.third_left, m - 1 - f.third_left];
      if (f.third_slot === 8) pieces[f.slot] = [...split(f.left), right];
      else if (f.third_slot === 9) pieces[f.slot] = [f.left, ...split(right)];
      else pieces[f.third_slot] = split(f.groups[f.third_slot]);
    }
    return pieces.flat().filter((g) => g > 0);
  }
  const position = (f) => f.groups.filter((g) => g > 0);
  const verdict = (f) => f.done && !f.busy;

  NF.define("wilson", {
    build(ui) {
      ui.size(800, 460);
      ui.heading(20, 34, "Wilson's judge");
      ui.text(20, 54, "N. Y. Wilson, \u201cA Number Problem\u201d: take one counter or three from anywhere, or two adjacent from a group; the last counter wins", "small");
      for (let s = 0; s < SLOTS; s++) {
        const x = 18 + s * 66;
        ui.box(x, 70, 60, 330);
        ui.lamp(`next ${s}`, x + 8, 84, 5, "green");
        ui.text(x + 34, 88, `slot ${s}`, "small", "middle");
        ui.readout(`slot ${s}`, x + 30, 110, "", "middle");
        for (let k = 0; k < 127; k++) {
          const cx = x + 10 + (k % COLUMNS) * 10;
          const cy = 392 - Math.floor(k / COLUMNS) * 10.6;
          ui.lamp(`slot ${s} counter ${k + 1}`, cx, cy, 3.6);
        }
      }
      const X = 550;
      ui.box(X, 70, 240, 186);
      ui.text(X + 10, 92, "judge");
      ui.lamp("busy", X + 220, 87, 8, "red");
      ui.readout("stage", X + 10, 112, "detail");
      ui.readout("verdict", X + 10, 140);
      ui.readout("for", X + 10, 158, "detail");
      ui.readout("move", X + 10, 184, "detail");
      ui.readout("move2", X + 10, 202, "detail");
      ui.readout("move3", X + 10, 220, "detail");
      ui.readout("leaves", X + 10, 244, "detail");
      ui.readout("winner", 20, 432);
      ui.text(X, 284, "group:");
      ui.readout("typed", X + 60, 284);
      const keypad = ["7", "8", "9", "4", "5", "6", "1", "2", "3", "0"];
      keypad.forEach((d, i) => {
        const bx = X + (i === 9 ? 1 : i % 3) * 52;
        const by = 294 + Math.floor(i / 3) * 40;
        ui.button(d, bx, by, 46, 34, () => {
          typed = (typed + d).replace(/^0+(?=\d)/, "").slice(0, 3);
          ui.set("typed", typed);
          return [];
        }, d);
      });
      ui.button("ENTER", X + 160, 294, 80, 34, () => {
        const n = typed === "" ? null : Number(typed);
        typed = "";
        ui.set("typed", "");
        if (n === null || n > 127) return [];
        const bytes = [];
        // The first group after a verdict starts a new position.
        if (clearFirst) bytes.push(0x72);
        clearFirst = false;
        bytes.push(0x80 + n);
        machineMoved = false;
        expected = null;
        return bytes;
      }, "Enter");
      ui.button("JUDGE", X + 160, 334, 80, 34, [0x67], "g");
      ui.button("PLAY THE MOVE", X + 110, 414, 130, 34, () => {
        if (!last || !verdict(last) || !last.found) return [];
        const row = leaves(last);
        if (row.length > SLOTS) return [];
        machineMoved = true;
        expected = row;
        clearFirst = true;
        return [0x72, ...row.map((g) => 0x80 + g)];
      }, "p");
      ui.button("RESET", X + 160, 374, 80, 34, [0x72], "r");
    },
    update(ui, f) {
      if (verdict(f) && !(last && verdict(last))) clearFirst = true;
      last = f;
      const takes = new Set();
      if (verdict(f) && f.found) {
        const width = f.kind === 1 ? 1 : 2;
        for (let k = 0; k < width; k++) takes.add(`${f.slot} ${f.left + k + 1}`);
        if (f.kind === 2) {
          if (f.third_slot === 8) takes.add(`${f.slot} ${f.third_left + 1}`);
          else if (f.third_slot === 9) takes.add(`${f.slot} ${f.left + width + f.third_left + 1}`);
          else takes.add(`${f.third_slot} ${f.third_left + 1}`);
        }
      }
      for (let s = 0; s < SLOTS; s++) {
        ui.set(`slot ${s}`, String(f.groups[s]));
        ui.light(`next ${s}`, f.next_slot === s);
        for (let k = 1; k <= 127; k++) {
          const lamp = `slot ${s} counter ${k}`;
          ui.light(lamp, k <= f.groups[s]);
          ui.lamps.get(lamp).classList.toggle("red", takes.has(`${s} ${k}`));
        }
      }
      ui.light("busy", f.busy);
      ui.set("stage", STAGES[f.stage] || "?");
      const lines = ["", "", "", ""];
      if (!verdict(f)) {
        ui.set("verdict", f.busy ? "judging ..." : "-");
        ui.set("for", "");
      } else {
        ui.set("verdict", f.won ? "WON" : "LOST");
        ui.set("for", "for the side that just moved");
        if (f.found) {
          const g = f.groups[f.slot];
          const kinds = { 1: "(1) one counter", 2: "(2) three counters", 3: "(3) two adjacent counters" };
          lines[0] = `${kinds[f.kind]}:`;
          lines[1] = `from the ${g} in slot ${f.slot}, ${f.left} left of the gap`;
          if (f.kind === 2) {
            const from = f.third_slot === 8 ? "the left piece" : f.third_slot === 9 ? "the right piece" : `slot ${f.third_slot}`;
            lines[2] = `and one from ${from}, ${f.third_left} left of it`;
          }
          lines[3] = `it leaves ${leaves(f).join(", ") || "nothing"}`;
        } else {
          lines[0] = "no sound move";
        }
      }
      ["move", "move2", "move3", "leaves"].forEach((name, i) => ui.set(name, lines[i]));
      const here = position(f);
      if (machineMoved && expected && here.join() === expected.join()) {
        ui.set("winner", here.length === 0 ? "THE MACHINE WINS (it took the last counter)" : "The machine has moved: your turn (RESET, then enter the position you leave)");
      } else {
        ui.set("winner", "");
      }
    },
    moving(f) {
      return !!f.busy;
    },
  });
})();
