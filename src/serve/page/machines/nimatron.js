// Nimatron (seed 000, US patent 2,215,544, 1940): the chamber's four rows
// a..d of seven lamps behind lenses (lamp 1 at the top, put out first),
// lamps P (green, the player's move) and M (red, the machine's move; it
// dims over T1..T9 before the pulses), the locks AL..DL, the counters TP,
// MWC and PWC in their slots (left to right), the token opening (SG/TRL),
// and on the platform the row buttons PA..PD and the transfer button MTR.
"use strict";
(() => {
  const ROWS = ["a", "b", "c", "d"];
  const LOCKS = ["AL", "BL", "CL", "DL"];
  const PHASES = [
    "Setting up the next combination.",
    "", // the player's move: worded by the locks
    "Lamp M dims: T1..T9 drop out.",
    "The machine puts out its lamps.",
  ];
  // What the page remembers between reports: the last game's result (the
  // machine shows a game's end for one set-up step only), the tokens
  // released, and the last report.
  let lastGame = null;
  let tokens = 0;
  let before = null;

  NF.define("nimatron", {
    build(ui) {
      ui.size(800, 440);
      ui.heading(24, 34, "Nimatron", "Condon, Tawney, Derr, US patent 2,215,544 (1940)");
      ui.text(24, 54, "put out lamps in one row with its button (lamp 1 first), then MTR; whoever puts out the last lamp wins", "small");

      // The chamber: lamps P and M on top, the rows behind their lenses.
      ui.box(30, 64, 420, 310);
      ui.lamp("P", 150, 92, 14, "green");
      ui.text(172, 97, "lamp P");
      ui.lamp("M", 270, 92, 14, "red");
      ui.text(292, 97, "lamp M");
      ui.readout("T chain", 292, 116).style.fontSize = "11px";
      ROWS.forEach((r, k) => {
        const x = 100 + k * 80;
        ui.text(x, 140, "row " + r, "", "middle");
        ui.lamp(LOCKS[k], x + 30, 136, 6, "white");
        ui.text(x + 30, 152, LOCKS[k], "small", "middle");
        for (let i = 0; i < 7; i++) {
          ui.lamp(`row ${r} ${i + 1}`, x, 170 + i * 26, 10);
          ui.text(x - 16, 174 + i * 26, `${r}${i + 1}`, "small", "end");
        }
        ui.readout("lit " + r, x, 362, "", "middle");
      });

      // The platform: the row buttons and the transfer button.
      ROWS.forEach((r, k) => {
        const x = 100 + k * 80;
        ui.button("P" + r.toUpperCase(), x - 30, 388, 60, 34, [r.charCodeAt(0)], r);
      });
      ui.button("MTR", 380, 388, 64, 34, [0x6d], "m");

      // The counters in their slots: TP left, MWC centre, PWC right.
      ui.box(470, 64, 310, 94);
      ui.text(486, 86, "counters");
      [["TP", "games"], ["MWC", "machine won"], ["PWC", "player won"]].forEach(([c, words], k) => {
        const x = 528 + k * 98;
        ui.text(x, 106, c, "", "middle");
        ui.el("rect", { x: x - 34, y: 112, width: 68, height: 26, rx: 3, fill: "#15171a", stroke: "#777" });
        ui.readout(c, x, 131, "", "middle");
        ui.text(x, 152, words, "small", "middle");
      });

      // The token opening above the platform.
      ui.box(470, 168, 310, 70);
      ui.text(486, 192, "token opening (SG / TRL)");
      ui.lamp("token", 512, 216, 11, "white");
      ui.readout("tokens", 534, 221);

      // The game in play.
      ui.box(470, 248, 310, 126);
      ui.text(486, 272, "combination");
      ui.readout("combination", 590, 272);
      ui.text(486, 300, "last game");
      ui.readout("last game", 486, 324, "");
      const status = ui.readout("status", 486, 358);
      status.style.fontFamily = "inherit";
      status.style.fontSize = "13px";
      status.style.fontStyle = "italic";

      ui.button("RESET", 690, 388, 90, 34, [0x72], "r");
    },
    update(ui, f) {
      const grew = (c) => before && f[c] > before[c];
      const zero = (r) => r && r.tp === 0 && r.mwc === 0 && r.pwc === 0;
      if (f.ended) lastGame = !!f.player_won;
      else if (grew("pwc")) lastGame = true;
      else if (grew("mwc")) lastGame = false;
      if (zero(f) && before && !zero(before)) lastGame = null; // a reset
      if (f.token) tokens += 1;
      before = f;

      ui.light("P", f.lamp_p);
      ui.light("M", f.lamp_m);
      // Lamp M dims while T1..T9 drop out (phase 2), then glows for the pulses.
      ui.lamps.get("M").style.opacity = f.phase === 2 ? "0.5" : "";
      ui.set("T chain", f.phase === 2 ? "T1..T9 dropping out" : f.phase === 3 ? "P1, P2 pulsing" : "");
      ROWS.forEach((r, k) => {
        const lamps = f["row_" + r];
        lamps.forEach((on, i) => ui.light(`row ${r} ${i + 1}`, on));
        ui.set("lit " + r, String(lamps.filter((x) => x).length));
        ui.light(LOCKS[k], f.locks[k]);
      });
      ui.set("TP", String(f.tp).padStart(3, "0"));
      ui.set("MWC", String(f.mwc).padStart(3, "0"));
      ui.set("PWC", String(f.pwc).padStart(3, "0"));
      ui.light("token", f.token);
      ui.set("tokens", `${tokens} released`);
      ui.set("combination", `No. ${f.combination + 1}`);
      const last = ui.readouts.get("last game");
      last.textContent = lastGame === null ? "none yet" : lastGame ? "THE PLAYER WON" : "THE MACHINE WON";
      last.style.fill = lastGame === null ? "" : lastGame ? "#7dff6a" : "#ff5a4a";
      const locked = f.locks.some((x) => x);
      ui.set("status", f.phase === 1 ? (locked ? "More lamps in this row, or MTR." : "Your move: one row's button, then MTR.") : PHASES[f.phase]);
    },
    moving(f) {
      // Every phase but the player's runs by itself.
      return f.phase !== 1;
    },
  });
})();
