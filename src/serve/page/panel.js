// The page's side of a front panel (issue 24): decodes the report lines
// the machine sends by the layout (LAYOUT, from designs/src/report.rs),
// paces them so the machine's steps can be seen, sends key bytes for
// clicks and keys, and shows the machine's illegal indication. A machine's
// drawing is machines/<name>.js, registered with NF.define.
"use strict";
const NF = (() => {
  const SVG = "http://www.w3.org/2000/svg";
  // A report shown for at least this long while the machine moves.
  const PACE_MS = 120;
  // The most reports the page may lag behind the machine (5 s at the pace).
  const LAG = 40;

  // The report's fields by name: a number, or an array of numbers (item 0
  // first) for an array field.
  function decode(hex) {
    const v = BigInt("0x" + hex);
    const mask = (w) => (1n << BigInt(w)) - 1n;
    const f = {};
    for (const d of LAYOUT.fields) {
      if (d.items === 1) {
        f[d.name] = Number((v >> BigInt(d.lsb)) & mask(d.width));
      } else {
        const slot = d.width / d.items;
        f[d.name] = [];
        for (let i = 0; i < d.items; i++) {
          const k = d.first_high ? d.items - 1 - i : i;
          f[d.name].push(Number((v >> BigInt(d.lsb + k * slot)) & mask(d.item_width)));
        }
      }
    }
    return f;
  }

  // Drawing helpers a machine's build() uses; every lamp and readout is
  // named (data-lamp, data-readout) so a test can read the page.
  class Ui {
    constructor(svg, send) {
      this.svg = svg;
      this.send = send;
      this.lamps = new Map();
      this.readouts = new Map();
      this.keys = new Map();
    }
    el(tag, attrs, parent) {
      const e = document.createElementNS(SVG, tag);
      for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
      (parent || this.svg).appendChild(e);
      return e;
    }
    size(width, height) {
      this.svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    }
    box(x, y, w, h) {
      return this.el("rect", { x, y, width: w, height: h, rx: 8, class: "panel" });
    }
    text(x, y, str, cls, anchor) {
      const t = this.el("text", { x, y, class: cls || "", "text-anchor": anchor || "start" });
      t.textContent = str;
      return t;
    }
    // The machine's name, and beside it where it comes from.
    heading(x, y, title, source) {
      const t = this.el("text", { x, y, class: "title" });
      t.textContent = title;
      if (source) {
        const s = this.el("tspan", { class: "source", dx: 12 }, t);
        s.textContent = source;
      }
      return t;
    }
    // Text of its own size in pixels.
    sized(x, y, str, size, anchor) {
      const t = this.text(x, y, str, "", anchor);
      t.setAttribute("style", `font-size:${size}px`);
      return t;
    }
    // A readout: text the machine sets, named `name`.
    readout(name, x, y, cls, anchor) {
      const t = this.text(x, y, "", "readout " + (cls || ""), anchor);
      t.dataset.readout = name;
      this.readouts.set(name, t);
      return t;
    }
    // A lamp named `name` (`colour`: red, green, white, neon, or amber).
    lamp(name, x, y, r, colour) {
      const c = this.el("circle", { cx: x, cy: y, r, class: "lamp " + (colour || "") });
      c.dataset.lamp = name;
      this.lamps.set(name, c);
      return c;
    }
    // A button that sends `bytes` when clicked, or when `key` is typed.
    button(label, x, y, w, h, bytes, key) {
      const g = this.el("g", { class: "button", role: "button", tabindex: 0 });
      g.dataset.button = label;
      if (key) g.dataset.key = key;
      this.el("rect", { x, y, width: w, height: h }, g);
      const t = this.el("text", { x: x + w / 2, y: y + h / 2 + 1 }, g);
      t.textContent = label;
      const press = () => {
        g.classList.add("pressed");
        setTimeout(() => g.classList.remove("pressed"), 150);
        this.send(typeof bytes === "function" ? bytes() : bytes);
      };
      g.addEventListener("click", press);
      if (key) this.keys.set(key, press);
      return g;
    }
    light(name, on, dim) {
      const c = this.lamps.get(name);
      if (!c) throw new Error("no lamp " + name);
      c.classList.toggle("lit", !!on);
      c.classList.toggle("dim", !!dim && !on);
    }
    set(name, str) {
      const t = this.readouts.get(name);
      if (!t) throw new Error("no readout " + name);
      t.textContent = str;
    }
  }

  const machines = {};
  function define(name, machine) {
    machines[name] = machine;
  }

  function start() {
    const name = document.body.dataset.machine;
    const machine = machines[name];
    const transport = document.getElementById("transport");
    const illegal = document.getElementById("illegal");
    const words = document.getElementById("illegal-words");
    const note = document.getElementById("note");
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/${name}`);
    const clearIllegal = () => {
      illegal.hidden = true;
      words.hidden = true;
    };
    const send = (bytes) => {
      clearIllegal();
      if (bytes.length > 0 && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ bytes }));
    };
    const ui = new Ui(document.getElementById("machine"), send);
    machine.build(ui);
    document.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.altKey || e.metaKey) return;
      const press = ui.keys.get(e.key.length === 1 ? e.key.toLowerCase() : e.key);
      if (press) {
        e.preventDefault();
        press();
      }
    });
    // Reports wait in a queue and are shown no faster than PACE_MS apart
    // while the machine moves, so its steps can be followed; a machine that
    // runs on and on (Nimrod playing itself) is followed at most LAG
    // reports behind, the older ones skipped.
    const queue = [];
    let shown = null;
    let shownAt = 0;
    let reports = 0;
    const show = (f) => {
      machine.update(ui, f);
      if (f.illegal) {
        illegal.hidden = false;
        words.hidden = false;
      }
      shown = f;
      shownAt = performance.now();
      reports += 1;
      document.body.dataset.reports = reports;
      document.body.dataset.moving = machine.moving(f) ? "1" : "0";
    };
    const tick = () => {
      if (queue.length > LAG) queue.splice(0, queue.length - LAG / 4);
      while (queue.length > 0) {
        const paced = shown && machine.moving(shown);
        if (paced && performance.now() - shownAt < PACE_MS) break;
        show(queue.shift());
        if (paced) break;
      }
      document.body.dataset.queued = queue.length;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.hello) {
        transport.textContent = msg.hello.transport;
      } else if (msg.report) {
        // Every report reaches the machine's `receive` in order, shown or
        // not, for what depends on the one before (Nimrod's arrows).
        const f = decode(msg.report);
        if (machine.receive) machine.receive(f);
        queue.push(f);
      } else if (msg.noise) {
        note.textContent = msg.noise;
      } else if (msg.error) {
        transport.textContent = "the session ended: " + msg.error;
        document.body.dataset.ended = "1";
      }
    };
    // A page left (or kept in the back-forward cache) gives its machine
    // back; one brought back from that cache asks for a new machine.
    window.addEventListener("pagehide", () => ws.close());
    window.addEventListener("pageshow", (e) => {
      if (e.persisted) location.reload();
    });
    // The server closes a session whose page went quiet (or sent what it
    // refuses) with the reason; the page says it and offers a new machine.
    const reconnect = document.getElementById("reconnect");
    reconnect.addEventListener("click", () => location.reload());
    ws.onclose = (e) => {
      if (e.reason) transport.textContent = "the session ended: " + e.reason;
      else if (!document.body.dataset.ended) transport.textContent += " (the session has ended)";
      document.body.dataset.ended = "1";
      reconnect.hidden = false;
    };
  }

  window.addEventListener("load", start);
  return { define, decode };
})();
