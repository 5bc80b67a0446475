// The relay NIM (seed 002): three piles of up to seven stones, each a lamp
// column; the selection register and the pile being taken from; the
// sequencer's lamp while it steps; TAKE A..C, GO, RESET.
"use strict";
NF.define("relay-nim", {
  build(ui) {
    ui.size(780, 430);
    ui.heading(24, 38, "The relay NIM");
    ui.text(24, 60, "three piles, a counter each; the machine removes one stone a step until the position is safe", "small");
    ["A", "B", "C"].forEach((p, k) => {
      const x = 70 + k * 150;
      ui.box(x - 40, 80, 110, 300);
      ui.text(x + 15, 106, "pile " + p, "", "middle");
      for (let i = 0; i < 7; i++) ui.lamp(`pile ${p} ${i + 1}`, x + 15, 350 - i * 34, 13);
      ui.readout(`pile ${p}`, x + 15, 374 - 7 * 34 - 8, "", "middle");
      ui.lamp(`selection ${p}`, x - 22, 120, 7, "white");
      ui.lamp(`taking ${p}`, x + 52, 120, 7, "green");
      ui.button(`TAKE ${p}`, x - 30, 388 - 0, 90, 28, [p.toLowerCase().charCodeAt(0)], p.toLowerCase());
    });
    ui.text(24, 78, "beside each pile: the selection register (white) and the pile taken from this turn (green)", "small");
    ui.box(510, 130, 250, 160);
    ui.text(530, 160, "sequencer");
    ui.lamp("moving", 700, 155, 11, "red");
    ui.text(530, 195, "game");
    ui.readout("game", 590, 195);
    ui.text(530, 235, "winner");
    ui.readout("winner", 530, 265);
    ui.button("GO", 520, 310, 100, 40, [0x67], "g");
    ui.button("RESET", 640, 310, 100, 40, [0x72], "r");
  },
  update(ui, f) {
    ["A", "B", "C"].forEach((p, k) => {
      const n = f["pile_" + p.toLowerCase()];
      for (let i = 0; i < 7; i++) ui.light(`pile ${p} ${i + 1}`, i < n);
      ui.set(`pile ${p}`, String(n));
      ui.light(`selection ${p}`, f.selection[k]);
      ui.light(`taking ${p}`, f.taking[k]);
    });
    ui.light("moving", f.moving);
    ui.set("game", f.in_game ? "one pile a turn" : "setting up");
    ui.set("winner", ["nobody yet", "THE HUMAN WINS", "THE MACHINE WINS"][f.winner] || "?");
  },
  moving(f) {
    return !!f.moving;
  },
});
