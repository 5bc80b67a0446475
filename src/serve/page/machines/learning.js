// The learning machine (c. 1960; seed 001), the counting game to 18: the
// memory of 17 columns (totals 1..17) by 6 rows (plays 1..6) of neon lamps,
// filling in as it learns, good information told from bad; the
// totalizer's lamps in a 7th row and the lamp of the number 18; the PLAY
// SELECTOR and PLAY; the machine play indicator lamps; YOUR TURN; NEW
// GAME, MEMORY RESET, MEMORY PRELOAD, RESET.
"use strict";
(() => {
  const GOAL = 18;
  const allowed = (p, q) => q !== p && q !== 7 - p;
  // The game's solution: wins[t][p - 1], play p at total t wins.
  const wins = [];
  for (let t = GOAL - 1; t >= 0; t--) {
    wins[t] = [];
    for (let p = 1; p <= 6; p++) {
      const after = t + p;
      wins[t][p - 1] =
        after === GOAL ||
        (after < GOAL && [1, 2, 3, 4, 5, 6].filter((q) => allowed(p, q)).every((q) => !wins[after][q - 1]));
    }
  }
  const PROGRAMMER = ["home", "clamp (the goof flip-flop)", "search", "random play", "add", "rewrite"];
  const colX = (t) => 96 + (t - 1) * 36;
  const rowY = (p) => 102 + (p - 1) * 26;
  let selector = 1;
  const positions = {};

  function showSelector() {
    for (let p = 1; p <= 6; p++) positions[p].classList.toggle("on", selector === p);
  }

  NF.define("learning", {
    build(ui) {
      ui.size(800, 440);
      ui.heading(20, 32, "The learning machine", "c. 1960: the counting game to 18; it learns from its own games");

      // The memory panel.
      ui.box(14, 44, 772, 250);
      ui.text(26, 64, "MEMORY");
      ui.sized(96, 64, "total", 11);
      for (let t = 1; t <= 17; t++) ui.sized(colX(t), 82, String(t), 12, "middle");
      ui.sized(colX(18), 82, "18", 12, "middle");
      for (let p = 1; p <= 6; p++) {
        ui.sized(26, rowY(p) + 4, `play ${p}`, 12);
        for (let t = 1; t <= 17; t++) ui.lamp(`memory total ${t} play ${p}`, colX(t), rowY(p), 9, "neon");
      }
      // Column 18 has no neons: the lamp of the number 18.
      ui.el("rect", { x: colX(18) - 16, y: rowY(1) - 12, width: 32, height: rowY(6) - rowY(1) + 24, rx: 6, fill: "#262a30" });
      ui.lamp("18", colX(18), (rowY(1) + rowY(6)) / 2, 14, "white");
      ui.text(colX(18), (rowY(1) + rowY(6)) / 2 + 5, "18", "", "middle").setAttribute("style", "font-size:12px;fill:#1b1b1b;font-weight:bold");
      ui.sized(26, 262, "totalizer", 12);
      for (let t = 1; t <= 17; t++) ui.lamp(`totalizer ${t}`, colX(t), 258, 5, "white");
      ui.lamp("totalizer 18", colX(18), 258, 5, "white");
      ui.sized(26, 284, "lit neon: a play learned as winning; red: learned wrongly (it loses)", 11);
      ui.sized(500, 284, "learned right", 11);
      ui.readout("right", 580, 285).setAttribute("style", "font-size:12px");
      ui.sized(620, 284, "wrong", 11);
      ui.readout("wrong", 658, 285).setAttribute("style", "font-size:12px");

      // The human's side: the play selector and PLAY.
      ui.box(14, 302, 330, 134);
      ui.text(26, 322, "PLAY SELECTOR");
      for (let p = 1; p <= 6; p++) {
        positions[p] = ui.button(String(p), 26 + (p - 1) * 44, 332, 36, 32, () => {
          selector = p;
          showSelector();
          return [];
        });
      }
      const play = ui.button("PLAY", 26, 374, 124, 40, () => [0x30 + selector], "Enter");
      for (let p = 1; p <= 6; p++) {
        ui.keys.set(String(p), () => {
          positions[p].dispatchEvent(new MouseEvent("click"));
          play.dispatchEvent(new MouseEvent("click"));
        });
      }
      showSelector();
      ui.lamp("your turn", 180, 394, 12, "green");
      ui.text(198, 400, "YOUR TURN", "big").setAttribute("style", "font-size:18px;font-weight:bold");
      ui.sized(26, 428, "your last play", 11);
      ui.readout("your play", 110, 429).setAttribute("style", "font-size:13px");

      // The machine's side: the totalizer, the machine play register, the programmer.
      ui.box(352, 302, 258, 134);
      ui.text(364, 322, "TOTAL");
      ui.readout("total", 420, 328, "big");
      ui.sized(470, 322, "machine play", 12);
      for (let p = 1; p <= 6; p++) {
        ui.lamp(`machine play ${p}`, 478 + (p - 1) * 22, 340, 8, "red");
        ui.sized(478 + (p - 1) * 22, 362, String(p), 11, "middle");
      }
      ui.readout("machine play", 600, 323, "", "end").setAttribute("style", "font-size:13px");
      ui.lamp("programmer runs", 372, 384, 7, "red");
      ui.sized(386, 388, "programmer:", 12);
      ui.readout("programmer", 470, 389).setAttribute("style", "font-size:12px");
      ui.sized(364, 416, "barred for you:", 12);
      ui.readout("barred", 460, 417).setAttribute("style", "font-size:13px");

      // The push-buttons and the winner.
      ui.box(618, 302, 168, 134);
      ui.button("NEW GAME", 628, 310, 148, 26, [0x6e], "n");
      ui.button("MEMORY RESET", 628, 340, 148, 26, [0x6d], "m");
      ui.button("MEMORY PRELOAD", 628, 370, 148, 26, [0x70], "p");
      ui.button("RESET", 628, 400, 70, 26, [0x72], "r");
      for (const g of ui.svg.querySelectorAll("[data-button^='MEMORY']")) g.querySelector("text").setAttribute("style", "font-size:12px");
      ui.readout("winner", 742, 418, "", "middle").setAttribute("style", "font-size:12px;font-weight:bold");
    },

    update(ui, f) {
      let right = 0;
      let wrong = 0;
      for (let t = 1; t <= 17; t++) {
        for (let p = 1; p <= 6; p++) {
          const on = (f.memory[t - 1] >> (p - 1)) & 1;
          const bad = on && !wins[t][p - 1];
          if (on) bad ? wrong++ : right++;
          ui.light(`memory total ${t} play ${p}`, on);
          const neon = ui.lamps.get(`memory total ${t} play ${p}`);
          neon.classList.toggle("red", !!bad);
          neon.classList.toggle("neon", !bad);
        }
      }
      ui.set("right", String(right));
      ui.set("wrong", String(wrong));
      const total = f.totalizer_2;
      for (let t = 1; t <= 18; t++) ui.light(`totalizer ${t}`, total === t || (t === GOAL && total > GOAL));
      ui.light("18", total >= GOAL);
      ui.set("total", String(total));
      for (let p = 1; p <= 6; p++) ui.light(`machine play ${p}`, f.machine_play === p);
      ui.set("machine play", String(f.machine_play));
      ui.set("your play", f.human_play ? String(f.human_play) : "-");
      ui.set("barred", f.machine_play ? `${f.machine_play} and ${7 - f.machine_play}` : "none");
      ui.light("your turn", f.your_turn);
      ui.light("programmer runs", f.programmer !== 0);
      ui.set("programmer", PROGRAMMER[f.programmer] || "?");
      ui.set("winner", ["", "YOU WIN", "MACHINE WINS", "?"][f.winner]);
    },

    // The machine changes state without a key while the programmer runs.
    moving(f) {
      return f.programmer !== 0;
    },
  });
})();
