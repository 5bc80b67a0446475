"use strict";
NF.define("learning", { build(ui) { ui.size(400, 100); ui.text(20, 50, "learning", "title"); }, update(ui, f) {}, moving(f) { return false; } });
