// Nimrod (Ferranti, 1951; seed 003): the large display (the main store's
// four heaps of lamps in binary, with the column counter and the heap
// counter), the displayed INSTRUCTIONS with the lit instruction and the
// arrows of the transfers of control, the five statements that are lit as
// required; below, the opponent's desk: four rows of eight "leave n"
// push-buttons with coloured lights in between and a white light at the
// end of each row (the heap selected memory), the variant switches, the
// mode switch, COMPUTER MOVE, STEP, SELF PLAY, NEW GAME, RESET.
"use strict";
(() => {
  // The displayed program (booklet, "INSTRUCTIONS"); the extra instruction
  // (9 in the report) "is not included in the display".
  const PROGRAM = [
    "column's sum safe?  yes: 7",
    "digit in heap is 1?  yes: 4",
    "heap counter + 1;  to 2",
    "heap selected?  yes: 6",
    "operate heap selected memory",
    "modify the heap",
    "column counter - 1;  not 11: 1",
    "STOP",
  ];
  // The transfers of control the display's arrows show: from, to.
  const ARROWS = [[1, 7], [7, 1], [2, 4], [4, 6], [3, 2]];
  // The statements, in the report's order of `status_lamps`.
  const STATEMENTS = [
    ["opponent wins", "(1) Opponent wins.", "red"],
    ["computer wins", "(2) Computer wins.", "red"],
    ["opponent's move", "(3) Opponent's move.", "green"],
    ["opponent has moved", "(4) Opponent has moved, computer will now move.", "green"],
    ["computer's move", "(5) Computer's move.", "green"],
  ];
  const MODES = ["FAST", "SLOW", "MANUAL"];
  const MODE_KEYS = ["f", "w", "m"];
  const COMPUTING = 3;
  const MANUAL = 2;
  // The variant switches NEW GAME reads, kept by the page.
  const variant = { reverse: false, k: 1 };
  const switches = {};
  let last = 0;
  const arrowPaths = {};

  function showSwitches() {
    switches.NORMAL.classList.toggle("on", !variant.reverse);
    switches.REVERSE.classList.toggle("on", variant.reverse);
    for (const k of [1, 2, 3]) switches[`k = ${k}`].classList.toggle("on", variant.k === k);
  }

  NF.define("nimrod", {
    build(ui) {
      ui.size(800, 450);
      ui.heading(20, 32, "Nimrod", "Ferranti, 1951: the Nim-playing computer of the Festival of Britain");
      ui.readout("variant", 780, 32, "", "end");

      // The main store on the large display.
      ui.box(14, 46, 270, 210);
      ui.text(26, 66, "MAIN STORE");
      ui.sized(26, 84, "column counter", 11);
      const colX = (c) => 130 + (2 - c) * 40;
      for (const c of [2, 1, 0]) {
        ui.sized(colX(c), 84, String(c), 12, "middle");
        ui.lamp(`column counter ${c}`, colX(c), 96, 5, "white");
      }
      ui.sized(255, 84, "11", 12, "middle");
      ui.lamp("column counter 11", 255, 96, 5, "white");
      for (let h = 0; h < 4; h++) {
        const y = 124 + h * 34;
        ui.text(26, y + 5, `heap ${h}`);
        ui.lamp(`heap counter ${h}`, 96, y, 5, "white");
        for (const c of [2, 1, 0]) ui.lamp(`store heap ${h} column ${c}`, colX(c), y, 13);
        ui.readout(`heap ${h}`, 255, y + 6, "", "middle");
      }
      ui.sized(26, 248, "white: the column counter and the heap counter", 10);

      // The displayed program.
      ui.box(292, 46, 300, 210);
      ui.text(306, 66, "INSTRUCTIONS");
      for (let i = 0; i < 8; i++) {
        const y = 88 + i * 20;
        ui.lamp(`instruction ${i + 1}`, 356, y, 7);
        ui.sized(370, y + 4, `${i + 1}  ${PROGRAM[i]}`, 11);
      }
      // The arrows, left of the lamps, the longest outermost.
      ARROWS.forEach(([a, b], n) => {
        const x = 302 + n * 9;
        const ya = 88 + (a - 1) * 20 - 3;
        const yb = 88 + (b - 1) * 20 + 3;
        const p = ui.el("path", {
          d: `M 346 ${ya} H ${x} V ${yb} H 346 m -5 -4 l 5 4 l -5 4`,
          fill: "none",
          stroke: "#6a6f78",
          "stroke-width": 1.5,
        });
        arrowPaths[`${a} to ${b}`] = p;
        ui.lamp(`arrow ${a} to ${b}`, x, ya + (yb - ya) * 0.35, 4);
      });
      ui.sized(302, 250, "not displayed: the extra instruction", 10);

      // The statements lit as required.
      ui.box(600, 46, 186, 210);
      ui.text(612, 66, "STATEMENTS");
      STATEMENTS.forEach(([name, words, colour], i) => {
        const y = 90 + i * 34;
        ui.lamp(name, 620, y, 8, colour);
        const t = ui.sized(634, y + 4, "", 12);
        const parts = words.length > 24 ? [words.slice(0, 24), words.slice(24).trim()] : [words];
        parts.forEach((part, j) => {
          const s = ui.el("tspan", { x: 634, dy: j === 0 ? 0 : 14 }, t);
          s.textContent = part;
        });
      });
      ui.readout("winner", 693, 248, "", "middle");

      // The opponent's desk: 4 rows of 8 "leave n" push-buttons.
      ui.box(14, 264, 470, 180);
      ui.text(26, 284, "the opponent's push-buttons: press n to leave n matches in the heap", "small");
      // As in the terminal: arrows or Tab move a cursor over the heaps,
      // 0..7 press that heap's "leave n" button.
      const leave = [];
      const labels = [];
      let cursor = 0;
      const showCursor = () => labels.forEach((t, h) => t.setAttribute("style", h === cursor ? "fill:#8fd3e8;font-weight:bold" : ""));
      for (let h = 0; h < 4; h++) {
        const y = 296 + h * 36;
        labels.push(ui.text(26, y + 17, `heap ${h}`));
        leave.push([]);
        for (let n = 0; n < 8; n++) {
          const x = 84 + n * 46;
          const g = ui.button(`heap ${h} leave ${n}`, x, y, 30, 26, [0x80 + 8 * h + n]);
          leave[h].push(g);
          g.querySelector("text").textContent = String(n);
          if (n > 0) ui.lamp(`matches ${h} ${n}`, x - 8, y + 13, 6, "green");
        }
        ui.lamp(`heap selected ${h}`, 464, y + 13, 8, "white");
      }
      ui.sized(464, 290, "selected", 10, "middle");
      showCursor();
      const move = (by) => () => {
        cursor = (cursor + by) % 4;
        showCursor();
      };
      ui.keys.set("ArrowDown", move(1));
      ui.keys.set("Tab", move(1));
      ui.keys.set("ArrowUp", move(3));
      for (let n = 0; n < 8; n++) ui.keys.set(String(n), () => leave[cursor][n].dispatchEvent(new MouseEvent("click")));

      // The switches and push-buttons of the control desk.
      ui.box(492, 264, 294, 180);
      ui.sized(502, 282, "variant for NEW GAME", 11);
      const sw = (label, x, w, set) => {
        switches[label] = ui.button(label, x, 288, w, 24, () => {
          set();
          showSwitches();
          return [];
        });
        switches[label].querySelector("text").setAttribute("style", "font-size:12px");
      };
      sw("NORMAL", 502, 74, () => (variant.reverse = false));
      sw("REVERSE", 580, 74, () => (variant.reverse = true));
      for (const k of [1, 2, 3]) sw(`k = ${k}`, 660 + (k - 1) * 42, 38, () => (variant.k = k));
      showSwitches();
      ui.sized(502, 328, "mode", 11);
      MODES.forEach((m, i) => {
        switches[m] = ui.button(m, 540 + i * 80, 316, 74, 24, [MODE_KEYS[i].charCodeAt(0)], MODE_KEYS[i]);
      });
      ui.button("COMPUTER MOVE", 502, 348, 150, 30, [0x63], "c");
      ui.keys.set("Enter", ui.keys.get("c"));
      ui.button("STEP", 660, 348, 116, 30, [0x73], "s");
      switches["SELF PLAY"] = ui.button("SELF PLAY", 502, 384, 104, 26, [0x70], "p");
      ui.button("NEW GAME", 612, 384, 100, 26, () => [0xa0 + 4 * (variant.reverse ? 1 : 0) + variant.k], "n");
      ui.button("RESET", 718, 384, 58, 26, [0x72], "r");
      ui.readout("what", 502, 430).setAttribute("style", "font-size:11px");
      ui.keys.set("v", () => {
        variant.reverse = !variant.reverse;
        showSwitches();
      });
      ui.keys.set("k", () => {
        variant.k = (variant.k % 3) + 1;
        showSwitches();
      });
    },

    update(ui, f) {
      const computing = f.phase === COMPUTING;
      for (let h = 0; h < 4; h++) {
        const n = f.heaps[h];
        for (const c of [2, 1, 0]) ui.light(`store heap ${h} column ${c}`, (n >> c) & 1);
        ui.set(`heap ${h}`, String(n));
        for (let i = 1; i < 8; i++) ui.light(`matches ${h} ${i}`, i <= n);
        ui.light(`heap selected ${h}`, f.heap_selected[h]);
        ui.light(`heap counter ${h}`, computing && f.heap_counter === h);
      }
      for (const c of [0, 1, 2]) ui.light(`column counter ${c}`, computing && f.column_counter === c);
      ui.light("column counter 11", computing && f.column_counter === 3);
      for (let i = 1; i <= 8; i++) ui.light(`instruction ${i}`, f.instruction === i);
      for (const [a, b] of ARROWS) {
        const on = computing && f.instruction === b && f.came_from === a;
        const key = `${a} to ${b}`;
        if (f.came_from !== f.instruction || !computing) {
          ui.light(`arrow ${key}`, on);
          arrowPaths[key].setAttribute("stroke", on ? "#ffcf5a" : "#6a6f78");
        }
      }
      STATEMENTS.forEach(([name], i) => ui.light(name, f.status_lamps[i]));
      MODES.forEach((m, i) => switches[m].classList.toggle("on", f.mode === i));
      switches["SELF PLAY"].classList.toggle("on", !!f.self_play);
      ui.set(
        "variant",
        `${f.reverse ? "reverse" : "normal"} game, k = ${f.k}, ${["fast", "slow", "manual", "?"][f.mode]}${f.transition ? ", transition" : ""}`
      );
      ui.set("winner", ["", "THE OPPONENT WINS", "THE COMPUTER WINS", "?"][f.winner]);
      const what = [
        "Set up the heaps, then COMPUTER MOVE.",
        "Your move: leave n in up to k heaps.",
        "Lower more heaps, or COMPUTER MOVE.",
        f.mode === MANUAL ? "Manual: STEP obeys an instruction." : "The program runs.",
        "Game over: NEW GAME for another.",
      ][f.phase];
      ui.set("what", what || "");
    },

    // The instruction obeyed before this report's, from every report in
    // order (the page may skip some when it falls behind).
    receive(f) {
      f.came_from = last;
      last = f.instruction;
    },

    // The machine changes state without a key while the program runs, but
    // not in manual mode.
    moving(f) {
      return f.phase === COMPUTING && f.mode !== MANUAL;
    },
  });
})();
