"use strict";
NF.define("nimrod", { build(ui) { ui.size(400, 100); ui.text(20, 50, "nimrod", "title"); }, update(ui, f) {}, moving(f) { return false; } });
