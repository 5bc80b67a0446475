"use strict";
NF.define("die18", { build(ui) { ui.size(400, 100); ui.text(20, 50, "die18", "title"); }, update(ui, f) {}, moving(f) { return false; } });
