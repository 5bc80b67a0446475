// 18-with-a-die (seed 001, second part): the fixed-dictionary machine.
// Its displays: the M-score and the H-score on their way to 18, the last
// M-play (a die face: the human may not play it nor its complement to 7),
// the program's steps T2, T3 and the counting oscillator that runs
// between plays; the human's six play switches with PLAY (a click is one
// PLAY with the selector at that number; PLAY 0 lets the machine open),
// NEW GAME and RESET.
"use strict";
(() => {
  // A die face's pips (centre x, y offsets in pip units), by number.
  const PIPS = [[-1, -1], [1, -1], [-1, 0], [0, 0], [1, 0], [-1, 1], [1, 1]];
  const FACE = {
    1: [3],
    2: [0, 6],
    3: [0, 3, 6],
    4: [0, 1, 5, 6],
    5: [0, 1, 3, 5, 6],
    6: [0, 1, 2, 4, 5, 6],
  };

  // A score display at `y`: its name, a big readout, 18 lamps and a lamp past 18.
  function score(ui, name, y, colour) {
    ui.box(20, y, 560, 84);
    ui.text(36, y + 26, name.toUpperCase());
    ui.readout(name, 36, y + 66, "big");
    for (let i = 0; i < 18; i++) {
      const x = 128 + i * 23;
      ui.lamp(`${name} ${i + 1}`, x, y + 44, 9, colour);
      if ((i + 1) % 6 === 0 || i === 0) ui.text(x, y + 70, String(i + 1), "small", "middle");
    }
    ui.lamp(`${name} past 18`, 548, y + 44, 9, "red");
    ui.text(548, y + 70, "past", "small", "middle");
  }

  NF.define("die18", {
    build(ui) {
      ui.size(800, 440);
      ui.heading(24, 34, "18-with-a-die", "the fixed-dictionary machine (document 001)");
      ui.text(24, 54, "each side its own score; the first to exactly 18 wins, past 18 loses; never the M-play nor its complement to 7", "small");
      score(ui, "M-score", 64, "red");
      score(ui, "H-score", 156, "green");

      // The M-play display: a die face.
      ui.box(596, 64, 184, 176);
      ui.text(612, 88, "M-PLAY");
      ui.readout("M-play", 764, 88, "", "end");
      ui.el("rect", { x: 638, y: 100, width: 100, height: 100, rx: 14, fill: "#f4efe0", stroke: "#111", "stroke-width": 2 });
      PIPS.forEach(([dx, dy], k) => ui.lamp(`M-play pip ${k + 1}`, 688 + dx * 28, 150 + dy * 28, 9, "red"));
      const barred = ui.readout("barred", 688, 226, "", "middle");
      barred.style.fontSize = "13px";
      barred.style.fontFamily = "inherit";

      // The human's play switches and PLAY.
      ui.box(20, 248, 560, 182);
      ui.text(36, 272, "PLAY SELECTOR");
      ui.text(160, 272, "your last play (white) · barred by the M-play (red)", "small");
      for (let p = 1; p <= 6; p++) {
        const x = 36 + (p - 1) * 90;
        ui.lamp(`H-play ${p}`, x + 20, 296, 8, "white");
        ui.lamp(`barred ${p}`, x + 56, 296, 8, "red");
        ui.button(`PLAY ${p}`, x, 312, 76, 40, [0x30 + p], String(p));
      }
      ui.button("PLAY 0", 36, 372, 96, 40, [0x30], "0");
      ui.text(144, 390, "the machine opens", "small");
      ui.text(144, 404, "(at a game's start only)", "small");
      const status = ui.readout("status", 330, 398);
      status.style.fontSize = "13px";
      status.style.fontFamily = "inherit";
      status.style.fontStyle = "italic";

      // The program and the oscillator; the winner; NEW GAME and RESET.
      ui.box(596, 248, 184, 182);
      ui.text(612, 272, "PROGRAM");
      ui.lamp("counting oscillator", 620, 292, 7, "green");
      ui.text(634, 296, "counting oscillator", "small");
      ui.lamp("T2", 620, 312, 7, "red");
      ui.text(634, 316, "T2 M-play entered", "small");
      ui.lamp("T3", 620, 332, 7, "red");
      ui.text(634, 336, "T3 added to M-score", "small");
      ui.readout("winner", 688, 362, "", "middle").style.fontWeight = "bold";
      ui.button("NEW GAME", 602, 378, 108, 40, [0x6e], "n");
      ui.button("RESET", 714, 378, 60, 40, [0x72], "r");
    },
    update(ui, f) {
      [["M-score", f.m_score], ["H-score", f.h_score]].forEach(([name, s]) => {
        ui.set(name, String(s));
        for (let i = 0; i < 18; i++) ui.light(`${name} ${i + 1}`, i < Math.min(s, 18));
        ui.light(`${name} past 18`, s > 18);
      });
      const face = FACE[f.m_play] || [];
      PIPS.forEach((_, k) => {
        ui.light(`M-play pip ${k + 1}`, face.includes(k));
        // A pip not in the face is barely there, so the face reads as the number.
        ui.lamps.get(`M-play pip ${k + 1}`).style.opacity = face.includes(k) ? "" : "0.12";
      });
      ui.set("M-play", f.m_play ? String(f.m_play) : "-");
      ui.set("barred", f.m_play ? `you may not play ${f.m_play} or ${7 - f.m_play}` : "nothing barred");
      for (let p = 1; p <= 6; p++) {
        ui.light(`H-play ${p}`, f.h_play === p);
        ui.light(`barred ${p}`, f.m_play !== 0 && (p === f.m_play || p === 7 - f.m_play));
      }
      ui.light("counting oscillator", f.program === 0 && f.winner === 0);
      ui.light("T2", f.program === 1);
      ui.light("T3", f.program === 2);
      const winner = ui.readouts.get("winner");
      winner.textContent = ["", "YOU WIN", "MACHINE WINS"][f.winner] ?? "?";
      winner.style.fill = f.winner === 1 ? "#7dff6a" : "#ff5a4a";
      let status;
      if (f.winner) status = "The game is over: NEW GAME.";
      else if (f.program) status = "The program runs.";
      else if (f.m_score === 0 && f.h_score === 0) status = "Your play (or PLAY 0).";
      else status = "Your play.";
      ui.set("status", status);
    },
    moving(f) {
      // The program runs by itself from PLAY to its STOP signal.
      return f.program !== 0;
    },
  });
})();
