//! icebox_vlog: a placed-and-routed bitstream (`.asc`) turned back into
//! Verilog, its ports named from the pin constraints. Bus bits come out as
//! escaped names (`\count_a[0] `).

use super::{write, Tool, ToolError};
use std::path::{Path, PathBuf};

/// icebox_vlog, from fpga-icestorm.
pub const ICEBOX_VLOG: Tool = Tool::new("icebox_vlog");

/// The bitstream `asc` as Verilog with top `module`, its ports named from
/// the pin constraints `pcf`; written to `dir/bitstream.v`, its path.
pub fn to_verilog(asc: &Path, pcf: &Path, module: &str, dir: &Path) -> Result<PathBuf, ToolError> {
    let text = ICEBOX_VLOG.run(&["-n", module, "-p", &pcf.to_string_lossy(), &asc.to_string_lossy()], dir, "turning the bitstream into Verilog")?;
    let out = dir.join("bitstream.v");
    write(&out, &text)?;
    Ok(out)
}

/// The bitstream's Verilog (`verilog`, top `module`, its bus bits as
/// escaped names such as `\count_a[0] `) with the bits gathered back into
/// buses, for a tool that compares it with the design port by port
/// (yosys's `equiv_make`, `miter`): the bitstream's module is renamed
/// `<module>_bits`, and a module `<module>` with a bus for every group of
/// bits (its width one past the highest bit) instantiates it; written to
/// `dir/chip.v`.
pub fn bundle_ports(verilog: &Path, module: &str, dir: &Path) -> Result<PathBuf, ToolError> {
    let text = super::read(verilog)?;
    let head = format!("module {module} (");
    let unreadable = |what: &str| ToolError::Failed {
        tool: ICEBOX_VLOG,
        what: format!("{}: {what}", verilog.display()),
        output: text.lines().take(5).collect::<Vec<_>>().join("\n"),
    };
    let start = text.find(&head).ok_or_else(|| unreadable(&format!("no module {module}")))? + head.len();
    let header = &text[start..start + text[start..].find(");").ok_or_else(|| unreadable("no end to the port list"))?];
    // name -> (direction, highest bit or None for a single wire), in order.
    let mut ports: Vec<(String, String, Option<usize>)> = Vec::new();
    for entry in header.split(',') {
        let mut words = entry.split_whitespace();
        let (Some(direction), Some(name)) = (words.next(), words.next()) else {
            return Err(unreadable(&format!("a port entry '{}' is not 'input|output name'", entry.trim())));
        };
        let bit = name.strip_prefix('\\').and_then(|n| n.strip_suffix(']')).and_then(|n| n.split_once('['));
        let (base, index) = match bit {
            Some((base, i)) => (base.to_string(), Some(i.parse::<usize>().map_err(|_| unreadable(&format!("port {name}")))?)),
            None => (name.to_string(), None),
        };
        match ports.iter_mut().find(|p| p.0 == base) {
            Some(p) => p.2 = p.2.max(index),
            None => ports.push((base, direction.to_string(), index)),
        }
    }
    let declared: Vec<String> = ports
        .iter()
        .map(|(name, direction, top)| match top {
            Some(top) => format!("{direction} [{top}:0] {name}"),
            None => format!("{direction} {name}"),
        })
        .collect();
    let connected: Vec<String> = header
        .split(',')
        .filter_map(|entry| entry.split_whitespace().nth(1))
        .map(|name| match name.strip_prefix('\\').and_then(|n| n.strip_suffix(']')) {
            Some(bus_bit) => format!(".{name} ({bus_bit}])"),
            None => format!(".{name}({name})"),
        })
        .collect();
    let out = dir.join("chip.v");
    let wrapped = format!(
        "{}\n// The ports gathered into buses (nimforge, flow::icebox_vlog::bundle_ports).\nmodule {module} ({});\n  {module}_bits bits ({});\nendmodule\n",
        text.replacen(&head, &format!("module {module}_bits ("), 1),
        declared.join(", "),
        connected.join(", ")
    );
    write(&out, &wrapped)?;
    Ok(out)
}
