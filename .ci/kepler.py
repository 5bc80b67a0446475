"""kepler-formal beside `nimforge check` on the public yardstick (issue 55).

Run by `.ci/kepler` (which installs kepler-formal, pinned, into
build/kepler/venv and runs this file with that venv's python); see its header
for how to run it. Nothing of kepler-formal or najaeda is copied here: this
file only drives their Python API.

For every pair that `nimforge yardstick --design G/N --dir DIR --json` judged
(DIR/G/N/pairs.jsonl, its kept files under DIR/G/N/), both designs are read
as the yardstick's truth read them (the pair's anchor.ys: the same read
lines, `proc; flatten; memory_collect; memory_map`, `clk2fflogic` where the
anchor took steps, `setundef -zero -undriven -init`: every register without
an initial value at 0), mapped by yosys 0.23 to the gates and flip-flop that
najaeda's yosys primitives model ($_AND_ $_OR_ $_XOR_ $_NOT_ $_MUX_
$_DFF_P_; in steps the global clock becomes an input `nimforge_gclk` and
every input gets a neutral name, since kepler takes an input named `clk`
for a clock), and given a power-on input `nimforge_por`: every flip-flop becomes one with an
asynchronous load of its power-on value while `nimforge_por` is 1
($_DFF_PP0_ for 0, $_DFF_PP1_ for 1: a clear or a preset in kepler's
sequential model).
kepler-formal (SEC, its defaults: PDR, dual-rail steady encoding, k 32)
then compares the two netlists, each pair in a process of its own killed
after --timeout seconds. docs/check-corpus.md ("kepler-formal beside the
check and ABC") argues why kepler's `equivalent` on these netlists means
equal from power-on, and its `different` different from power-on.

One JSON line per pair is written to build/kepler/pairs.jsonl with the
yardstick's verdicts of the check and ABC beside kepler's; a table per
group is printed at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
YOSYS = os.environ.get("NIMFORGE_KEPLER_YOSYS", "/usr/bin/yosys")
# The cells a prepared netlist may hold: gates najaeda's yosys primitives
# define, and flip-flops whose sequential model `verify` adds ($_FF_, the
# global clock's of clk2fflogic, becomes a $_DFF_P_ on `nimforge_gclk`).
KNOWN_CELLS = {"$_AND_", "$_OR_", "$_XOR_", "$_XNOR_", "$_NOT_", "$_MUX_", "$_DFF_P_", "$_FF_"}
# The flip-flops' sequential models najaeda 0.7.24's yosys primitives lack
# (they give timing arcs only, and kepler's SEC calls a flip-flop without a
# model opaque): Q takes D at C's rising edge; R clears or presets.
MODELS = {
    "$_DFF_P_": {"name": "IQ", "next_state": "D"},
    "$_DFF_PP0_": {"name": "IQ", "next_state": "D", "clear": "R"},
    "$_DFF_PP1_": {"name": "IQ", "next_state": "D", "preset": "R"},
}

# After the anchor's own preparation of one design: its gates, every
# flip-flop a plain rising-edge one (enables and synchronous resets as
# logic), every x constant yosys's passes left as 0.
PREPARE = """\
{reads}
hierarchy -top {top}
proc
flatten
memory_collect
memory_map
{steps}opt_clean
setundef -zero -undriven -init
async2sync
techmap
opt_clean
dfflegalize -cell $_DFF_P_ 01
opt_clean
setundef -zero
write_json {out}
"""


def log(*words):
    print(*words, file=sys.stderr, flush=True)


# --- the yardstick's files --------------------------------------------------


def anchor_reads(path: Path):
    """The anchor's read lines for design A and B, its top, and whether it
    took steps (clk2fflogic)."""
    lines = path.read_text().splitlines()
    body = [l for l in lines if not l.startswith("#")]
    first = next(i for i, l in enumerate(body) if l.startswith("hierarchy -top "))
    top = body[first].split()[2]
    a = body[:first]
    stash = body.index("design -stash gold")
    second = next(i for i in range(stash + 1, len(body)) if body[i].startswith("hierarchy -top "))
    b = body[stash + 1:second]
    return a, b, top, "clk2fflogic" in body


def f_reads(flist: Path):
    """Read lines for a design's .f list (no anchor kept): its include
    directories and files, as `read_verilog -sv`."""
    incs, files = [], []
    for l in flist.read_text().split():
        if l.startswith("+incdir+"):
            incs += [f"-I{d}" for d in l[len("+incdir+"):].split("+") if d]
        elif not l.startswith(("+", "-")):
            files.append(l)
    return [f"read_verilog -sv {' '.join(incs)} {f}".replace("  ", " ") for f in files]


def pair_sources(design_dir: Path, record):
    """The reads of a pair's two designs, its top and steps, from the
    anchor.ys of the pair whose B is this record's B file."""
    b_file = record["files"][1]
    for anchor in sorted(design_dir.glob("pair*/anchor.ys")):
        a, b, top, steps = anchor_reads(anchor)
        if any(b_file in l for l in b):
            return a, b, top, steps
    return None


# --- the netlists kepler reads ----------------------------------------------


def power_on(netlist: dict, por: bool) -> dict:
    """The top module of yosys's JSON with `nimforge_gclk` as every $_FF_'s
    clock (steps) and, with por, every flip-flop loaded with its power-on
    value while `nimforge_por` is 1. Init attributes are dropped either way
    (the netlist Verilog kepler reads has none)."""
    tops = [m for m in netlist["modules"].values() if m.get("attributes", {}).get("top")]
    m = tops[0] if tops else next(iter(netlist["modules"].values()))
    used = [b for p in m["ports"].values() for b in p["bits"] if isinstance(b, int)]
    used += [b for c in m["cells"].values() for v in c["connections"].values() for b in v if isinstance(b, int)]
    used += [b for w in m["netnames"].values() for b in w["bits"] if isinstance(b, int)]
    counter = [max(used + [1]) + 1]

    def fresh():
        counter[0] += 1
        return counter[0] - 1

    def add_input(name):
        bit = fresh()
        m["ports"][name] = {"direction": "input", "bits": [bit]}
        m["netnames"][name] = {"hide_name": 0, "bits": [bit], "attributes": {}}
        return bit

    init = {}
    for w in m["netnames"].values():
        value = w.get("attributes", {}).pop("init", None)
        if value is not None:
            # yosys writes a constant's bits most significant first.
            for bit, v in zip(w["bits"], reversed(value)):
                if isinstance(bit, int) and v in "01":
                    init[bit] = v
    steps = any(c["type"] == "$_FF_" for c in m["cells"].values())
    if steps:
        # In steps the design's clocks are data (clk2fflogic samples them
        # at each step), but kepler takes an input by its name for a clock
        # (measured: wordalign's `clk` kept, a mutant is called equal; the
        # same netlists with `clk` renamed, different): every input gets a
        # neutral name, the same in both designs of a pair.
        for k, name in enumerate(sorted(n for n, p in m["ports"].items() if p["direction"] == "input")):
            new_name = f"nimforge_in{k}"
            m["ports"][new_name] = m["ports"].pop(name)
            if name in m["netnames"]:
                m["netnames"][new_name] = m["netnames"].pop(name)
    por_bit = add_input("nimforge_por") if por else None
    gclk = add_input("nimforge_gclk") if steps else None
    for c in m["cells"].values():
        if c["type"] == "$_FF_":
            c["type"] = "$_DFF_P_"
            c["connections"]["C"] = [gclk]
            c["port_directions"]["C"] = "input"
        if c["type"] == "$_DFF_P_" and por:
            # An asynchronous load of its power-on value while nimforge_por
            # is 1: clear (0) or preset (1) in kepler's sequential model. A
            # load through gates would not do: kepler's dual rail takes a
            # gate with any unknown input as unknown (`Q & !por` included).
            one = init.get(c["connections"]["Q"][0], "0") == "1"
            c["type"] = "$_DFF_PP1_" if one else "$_DFF_PP0_"
            c["connections"]["R"] = [por_bit]
            c["port_directions"]["R"] = "input"
    netlist["modules"] = {k: v for k, v in netlist["modules"].items() if v is m}
    return netlist


def prepare(reads, top, steps, out: Path, timeout: int):
    """Writes OUT_por.v and OUT_shipped.v (no power-on input) for one
    design; returns (None, seconds) or (why not, seconds)."""
    start = time.monotonic()
    out.parent.mkdir(parents=True, exist_ok=True)
    script = out.with_suffix(".ys")
    raw = out.with_suffix(".json")
    script.write_text(PREPARE.format(reads="\n".join(reads), top=top, steps="clk2fflogic\n" if steps else "", out=raw))
    try:
        run = subprocess.run([YOSYS, "-q", "-l", str(out.with_suffix(".log")), "-s", str(script)],
                             capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"yosys took more than {timeout} s to prepare it", time.monotonic() - start
    if run.returncode != 0:
        err = [l for l in (run.stderr + run.stdout).splitlines() if "ERROR" in l] or run.stderr.splitlines()[-1:]
        return f"yosys 0.23 could not prepare it: {err[0] if err else 'exit ' + str(run.returncode)}", time.monotonic() - start
    netlist = json.loads(raw.read_text())
    cells = {c["type"] for m in netlist["modules"].values() for c in m["cells"].values()}
    if cells - KNOWN_CELLS:
        return f"cells najaeda's yosys primitives lack: {' '.join(sorted(cells - KNOWN_CELLS))}", time.monotonic() - start
    for por in (True, False):
        variant = Path(f"{out}_{'por' if por else 'shipped'}")
        variant.with_suffix(".json").write_text(json.dumps(power_on(json.loads(raw.read_text()), por)))
        try:
            run = subprocess.run([YOSYS, "-q", "-p", f"read_json {variant.with_suffix('.json')}; write_verilog -noexpr -noattr {variant.with_suffix('.v')}"],
                                 capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return f"yosys took more than {timeout} s to write its netlist", time.monotonic() - start
        if run.returncode != 0:
            return f"yosys could not write its netlist: {run.stderr.strip()[:200]}", time.monotonic() - start
    return None, time.monotonic() - start


# --- kepler, a pair in a process of its own ---------------------------------


def verify_main(argv):
    """`kepler.py verify A.v B.v LOG`: one JSON object on stdout."""
    a, b, log_file = argv
    from najaeda import naja
    from najaeda.primitives import yosys as yosys_primitives
    from kepler_formal import VerificationOptions, verify_designs

    universe = naja.NLUniverse.create()
    designs = []
    load = time.monotonic()
    for path in (a, b):
        db = naja.NLDB.create(universe)
        yosys_primitives.load(db)
        for lib in db.getPrimitiveLibraries():
            for name, state in MODELS.items():
                dff = lib.getSNLDesign(name)
                if dff is not None:
                    dff.setSequentialModel(clocked_on="C", states=[state], outputs=[(dff.getScalarTerm("Q"), "IQ")])
        db.loadVerilog([path])
        designs.append(db.getTopDesign())
    loaded = time.monotonic() - load
    r = verify_designs(designs[0], designs[1], options=VerificationOptions(mode="sec", log_file=log_file))
    print(json.dumps({
        "status": r.status.value, "bound": r.bound, "reason": (r.reason or "").split("\n")[0],
        "covered": r.covered_outputs, "total": r.total_outputs,
        "skipped": list(r.skipped_observed_outputs)[:3], "load_seconds": loaded,
    }))


def kepler(a: Path, b: Path, log_file: Path, timeout: int):
    """kepler's verdict on the two netlists: (verdict, seconds, details)."""
    def limits():
        # A pair may not take the machine's memory (24 GiB, shared).
        resource.setrlimit(resource.RLIMIT_AS, (8 << 30, 8 << 30))

    start = time.monotonic()
    try:
        run = subprocess.run([sys.executable, __file__, "verify", str(a), str(b), str(log_file)],
                             capture_output=True, text=True, timeout=timeout, preexec_fn=limits)
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - start, {}
    seconds = time.monotonic() - start
    line = next((l for l in reversed(run.stdout.splitlines()) if l.startswith("{")), None)
    if run.returncode != 0 or line is None:
        err = [l for l in run.stderr.splitlines() if l.strip()]
        return "error", seconds, {"reason": (err[-1] if err else f"exit {run.returncode}")[:300]}
    details = json.loads(line)
    verdict = {"equivalent": "equal", "different": "different"}.get(details["status"], details["status"])
    if verdict == "equal" and details["covered"] < details["total"]:
        # An equal verdict on some outputs only answers no question asked.
        verdict = "partially proved"
    return verdict, seconds, details


# --- the truth and the verdicts ---------------------------------------------


def check_verdict(record):
    return {0: "equal", 1: "different", 2: "refused", 3: "not decided"}.get(record.get("exit"), "internal")


def truth(record):
    """ABC's proof, else a difference the check found and Icarus replayed."""
    if record["abc"] in ("equal", "different"):
        return record["abc"]
    if record.get("exit") == 1 and record.get("judged") == "right":
        return "different"
    return "unknown"


def judge(verdict, known):
    if verdict not in ("equal", "different"):
        return "not decided"
    if known == "unknown":
        return "no truth"
    return "right" if verdict == known else "wrong"


# --- the driver ---------------------------------------------------------------


def designs_listed(args):
    wanted = []
    for line in (ROOT / args.list).read_text().splitlines():
        cells = line.split("#")[0].split("\t")
        if len(cells) < 5:
            continue
        d = f"{cells[0].strip()}/{cells[1].strip()}"
        if args.design:
            if d in args.design or cells[1].strip() in args.design:
                wanted.append(d)
        elif args.all or cells[4].strip() == "ci":
            wanted.append(d)
    return wanted


def run_yardstick(args, design):
    """`nimforge yardstick --design` on one design, its pairs.jsonl kept
    beside its files (each run writes DIR/pairs.jsonl anew)."""
    start = time.monotonic()
    out = subprocess.run([args.nimforge, "yardstick", "--design", design, "--dir", str(args.dir), "--json", "--jobs", "1"],
                         cwd=ROOT, capture_output=True, text=True)
    (args.dir / design).mkdir(parents=True, exist_ok=True)
    (args.dir / design / "pairs.jsonl").write_text((args.dir / "pairs.jsonl").read_text())
    log(f"yardstick {design}: exit {out.returncode}, {time.monotonic() - start:.0f} s")


def main(argv):
    p = argparse.ArgumentParser(prog=".ci/kepler", description=__doc__.split("\n")[0])
    p.add_argument("--dir", type=Path, default=Path("build/yardstick-kepler"), help="the yardstick's --dir (its kept files)")
    p.add_argument("--list", default="testbenches/yardstick/logikbench.tsv")
    p.add_argument("--design", action="append", help="only this design (group/name), again for more")
    p.add_argument("--all", action="store_true", help="the designs marked outside CI too")
    p.add_argument("--yardstick", action="store_true", help="run `nimforge yardstick --design` on each design first")
    p.add_argument("--nimforge", default="nimforge")
    p.add_argument("--timeout", type=int, default=30, help="kepler's budget a pair, in seconds (the check's)")
    p.add_argument("--prepare-timeout", type=int, default=120, help="yosys's budget to prepare one design")
    p.add_argument("--shipped", action="store_true",
                   help="also run kepler as shipped (no power-on input) on the mutants of a reset or power-on value")
    p.add_argument("--out", type=Path, default=Path("build/kepler/pairs.jsonl"))
    args = p.parse_args(argv)
    os.chdir(ROOT)
    work = Path("build/kepler/work")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    rows = []
    with args.out.open("w") as out:
        for design in designs_listed(args):
            if args.yardstick:
                run_yardstick(args, design)
            ddir = args.dir / design
            records = ddir / "pairs.jsonl"
            if not records.exists():
                log(f"{design}: no {records} (run with --yardstick)")
                continue
            prepared = {}
            for k, record in enumerate(json.loads(l) for l in records.read_text().splitlines() if l.strip()):
                row = {
                    "design": design, "pair": record["pair"], "files": record["files"],
                    "check": check_verdict(record), "check_judged": record.get("judged"),
                    "check_seconds": record.get("check_seconds"), "abc": record["abc"],
                    "abc_seconds": record.get("abc_seconds"), "truth": truth(record),
                }
                sources = pair_sources(ddir, record)
                if sources is None:
                    a, b = f_reads(Path(record["files"][0])), [f"read_verilog -sv {record['files'][1]}"]
                    top = next((l.split("\t")[2] for l in (ROOT / args.list).read_text().splitlines()
                                if l.startswith(design.replace("/", "\t") + "\t")), design.split("/")[1])
                    sources = (a, b, top, False)
                a, b, top, steps = sources
                row["steps"] = steps
                key = ("a", steps)
                if key not in prepared:
                    prepared[key] = prepare(a, top, steps, work / design / f"a_{'steps' if steps else 'cycles'}", args.prepare_timeout)
                why_a, seconds_a = prepared[key]
                why_b, seconds_b = prepare(b, top, steps, work / design / f"pair{k}", args.prepare_timeout)
                row["prepare_seconds"] = round(seconds_a + seconds_b, 3)
                why = why_a and f"A: {why_a}" or why_b and f"B: {why_b}"
                if why:
                    row.update(kepler="not run", kepler_seconds=None, kepler_why=why)
                else:
                    a_net = work / design / f"a_{'steps' if steps else 'cycles'}"
                    b_net = work / design / f"pair{k}"
                    verdict, seconds, details = kepler(Path(f"{a_net}_por.v"), Path(f"{b_net}_por.v"),
                                                       work / design / f"pair{k}_kepler.log", args.timeout)
                    row.update(kepler=verdict, kepler_seconds=round(seconds, 3), kepler_details=details)
                    if args.shipped and "power-on value" in record["pair"]:
                        v, s, d = kepler(Path(f"{a_net}_shipped.v"), Path(f"{b_net}_shipped.v"),
                                         work / design / f"pair{k}_shipped.log", args.timeout)
                        row.update(shipped=v, shipped_seconds=round(s, 3), shipped_details=d)
                row["kepler_judged"] = judge(row["kepler"], row["truth"])
                out.write(json.dumps(row) + "\n")
                out.flush()
                rows.append(row)
                log(f"{design} {record['pair']}: kepler {row['kepler']} ({row['kepler_judged']}), "
                    f"check {row['check']}, ABC {row['abc']}" + (f", shipped {row['shipped']}" if "shipped" in row else ""))
    summary(rows)


def summary(rows):
    """A table per group, and every pair where kepler and the check or ABC
    disagree."""
    def med(xs):
        xs = [x for x in xs if x is not None]
        return f"{statistics.median(xs):.2f}" if xs else "-"

    print("| group | pairs | kepler run | kepler decided | right | wrong | check decided | ABC decided | kepler median s (decided) | check median s | ABC median s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    groups = sorted({r["design"].split("/")[0] for r in rows}, key=["iscas89", "blocks", "epfl"].index) + ["all"]
    for g in groups:
        rs = [r for r in rows if g == "all" or r["design"].startswith(g + "/")]
        ran = [r for r in rs if r["kepler"] != "not run"]
        dec = [r for r in rs if r["kepler"] in ("equal", "different")]
        print(f"| {g} | {len(rs)} | {len(ran)} | {len(dec)} | {sum(r['kepler_judged'] == 'right' for r in rs)} | "
              f"{sum(r['kepler_judged'] == 'wrong' for r in rs)} | {sum(r['check'] in ('equal', 'different') for r in rs)} | "
              f"{sum(r['abc'] in ('equal', 'different') for r in rs)} | {med(r['kepler_seconds'] for r in dec)} | "
              f"{med(r['check_seconds'] for r in rs)} | {med(r['abc_seconds'] for r in rs)} |")
    print()
    for r in rows:
        k, c, a = r["kepler"], r["check"], r["abc"]
        decided = ("equal", "different")
        if (k in decided and c in decided and k != c) or (k in decided and a in decided and k != a) \
                or (k in decided) != (c in decided):
            print(f"- {r['design']} {r['pair']}: kepler {k}, check {c}, ABC {a}, truth {r['truth']}"
                  + (f" ({r.get('kepler_why') or (r.get('kepler_details') or {}).get('reason', '')})" if k not in decided else ""))


if __name__ == "__main__":
    if sys.argv[1:2] == ["verify"]:
        verify_main(sys.argv[2:])
    else:
        main(sys.argv[1:])
