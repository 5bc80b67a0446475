"use strict";
NF.define("wilson", { build(ui) { ui.size(400, 100); ui.text(20, 50, "wilson", "title"); }, update(ui, f) {}, moving(f) { return false; } });
