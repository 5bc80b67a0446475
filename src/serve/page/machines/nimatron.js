"use strict";
NF.define("nimatron", { build(ui) { ui.size(400, 100); ui.text(20, 50, "nimatron", "title"); }, update(ui, f) {}, moving(f) { return false; } });
