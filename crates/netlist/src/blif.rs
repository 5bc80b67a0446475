//! BLIF as yosys `write_blif` writes it: a logos lexer and a parser to a
//! plain [`Model`] (nets by name, no graph yet).
//!
//! Accepted: one `.model` with `.inputs`, `.outputs`, `.names` covers,
//! `.latch` (rising-edge `re` or untyped, all on one clock), `.conn` and
//! `.barbuf` (buffers); `.cname`, `.attr` and `.param` are skipped. A
//! `.subckt` or `.gate` is a cell this simulator does not know.

use super::NetlistError;
use logos::Logos;

/// One BLIF token. Line continuations (`\` before a newline), comments and
/// blanks are skipped; newlines end a statement.
#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq)]
#[logos(skip r"[ \t\r\f]+")]
#[logos(skip r"\\\r?\n")]
#[logos(skip r"#[^\n]*")]
pub(crate) enum Token {
    /// `.model`: the model's name.
    #[token(".model")]
    Model,
    /// `.inputs`: the primary inputs.
    #[token(".inputs")]
    Inputs,
    /// `.outputs`: the primary outputs.
    #[token(".outputs")]
    Outputs,
    /// `.names`: a cover; its rows follow.
    #[token(".names")]
    Names,
    /// `.latch`: a flip-flop.
    #[token(".latch")]
    Latch,
    /// `.end`: the end of the model.
    #[token(".end")]
    End,
    /// `.subckt`: an instance of another model or cell (refused).
    #[token(".subckt")]
    Subckt,
    /// `.gate`: a library cell (refused).
    #[token(".gate")]
    Gate,
    /// `.conn`: a buffer.
    #[token(".conn")]
    Conn,
    /// `.cname`: a cell's name (skipped).
    #[token(".cname")]
    Cname,
    /// `.attr`: an attribute (skipped).
    #[token(".attr")]
    Attr,
    /// `.param`: a parameter (skipped).
    #[token(".param")]
    Param,
    /// `.barbuf`: a buffer.
    #[token(".barbuf")]
    Barbuf,
    /// The end of a statement.
    #[token("\n")]
    Newline,
    /// A cover row's input pattern or output (`01-`, `1`); also a valid net name.
    #[regex(r"[01-]+", priority = 3)]
    Cube,
    /// A net or model name: anything up to a blank that does not start with `.`.
    #[regex(r"[^ \t\r\n\f#\\.]([^ \t\r\n\f#\\]|\\[^\r\n])*", priority = 1)]
    Name,
}

/// The parsed file: one model, nets by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Model {
    /// The `.model` name.
    pub name: String,
    /// The input nets, in `.inputs` order.
    pub inputs: Vec<String>,
    /// The output nets, in `.outputs` order.
    pub outputs: Vec<String>,
    /// The covers, `.conn` and `.barbuf` buffers among them, in file order.
    pub names: Vec<Names>,
    /// The flip-flops, in file order.
    pub latches: Vec<Latch>,
}

/// A `.names` cell: `output` as a cover of `inputs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    /// The input nets, one per column of the rows.
    pub inputs: Vec<String>,
    /// The net it drives.
    pub output: String,
    /// The cover's rows; none is the constant 0.
    pub rows: Vec<Row>,
    /// Where it starts in the file.
    pub line: usize,
}

/// One cover row: `pattern` has one of `0`, `1`, `-` per input; `output` is
/// the output column (all rows of a cover agree: on-set 1 or off-set 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// One entry per input: `Some(value)` for `1`/`0`, `None` for `-`.
    pub pattern: Vec<Option<bool>>,
    /// The output column: 1 for an on-set row, 0 for an off-set row.
    pub output: bool,
}

/// A `.latch`: Q takes D at each rising clock edge; `init` is 0 or 1 (2 and
/// 3, don't-care and unknown, or none given, start at 0 and leave
/// `known_init` false).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Latch {
    /// The D net.
    pub d: String,
    /// The Q net.
    pub q: String,
    /// The clock net; `None` when none is given (or `NIL`).
    pub clock: Option<String>,
    /// Q at power-on.
    pub init: bool,
    /// Whether the file gave init 0 or 1.
    pub known_init: bool,
    /// Where it is in the file.
    pub line: usize,
}

/// One statement: its tokens and texts, without the newline.
struct Line<'a> {
    number: usize,
    tokens: Vec<(Token, &'a str)>,
}

/// Splits `text` into statements, or the first token that is not BLIF.
fn lex(text: &str) -> Result<Vec<Line<'_>>, NetlistError> {
    let mut lines = Vec::new();
    let mut current = Vec::new();
    let (mut line, mut counted_to) = (1usize, 0usize);
    let mut start_line = 1;
    let mut lexer = Token::lexer(text);
    while let Some(token) = lexer.next() {
        let span = lexer.span();
        line += text[counted_to..span.start].matches('\n').count();
        counted_to = span.start;
        let token = token.map_err(|()| NetlistError::Lex { line, text: word_at(text, span.start) })?;
        if token == Token::Newline {
            if !current.is_empty() {
                lines.push(Line { number: start_line, tokens: std::mem::take(&mut current) });
            }
            continue;
        }
        if current.is_empty() {
            start_line = line;
        }
        current.push((token, lexer.slice()));
    }
    if !current.is_empty() {
        lines.push(Line { number: start_line, tokens: current });
    }
    Ok(lines)
}

/// The blank-delimited word starting at `at`, for an error message.
fn word_at(text: &str, at: usize) -> String {
    text[at..].split(|c: char| c.is_whitespace()).next().unwrap_or("").to_string()
}

/// Parses a whole BLIF file.
pub fn parse(text: &str) -> Result<Model, NetlistError> {
    let lines = lex(text)?;
    let mut model = Model::default();
    let mut seen_model = false;
    let mut open: Option<Names> = None;
    for line in &lines {
        let (first, _) = line.tokens[0];
        if matches!(first, Token::Cube | Token::Name) {
            let names = open.as_mut().ok_or_else(|| parse_error(line, "a cover row outside a .names"))?;
            names.rows.push(row(line, names.inputs.len())?);
            continue;
        }
        if let Some(names) = open.take() {
            model.names.push(names);
        }
        let args = line.tokens[1..].iter().map(|&(t, s)| net(line, t, s)).collect::<Result<Vec<_>, _>>();
        match first {
            Token::Model if seen_model => return Err(parse_error(line, "a second .model; synthesise with -flatten so there is one")),
            Token::Model => {
                seen_model = true;
                model.name = args?.first().cloned().unwrap_or_default();
            }
            Token::Inputs => model.inputs.extend(args?),
            Token::Outputs => model.outputs.extend(args?),
            Token::Names => open = Some(names(line, args?)?),
            Token::Conn | Token::Barbuf => model.names.push(buffer(line, args?)?),
            Token::Latch => model.latches.push(latch(line, args?)?),
            Token::Subckt | Token::Gate => {
                let name = line.tokens.get(1).map(|&(_, s)| s.to_string()).unwrap_or_default();
                return Err(NetlistError::UnknownCell { line: line.number, name });
            }
            Token::End => break,
            _ => {} // .cname, .attr, .param: names and notes the simulation does not need.
        }
    }
    if let Some(names) = open.take() {
        model.names.push(names);
    }
    if !seen_model {
        return Err(NetlistError::Parse { line: 1, what: "no .model; is this a BLIF file?".into() });
    }
    Ok(model)
}

fn parse_error(line: &Line, what: &str) -> NetlistError {
    NetlistError::Parse { line: line.number, what: what.to_string() }
}

/// A net name where one is expected (a name made of 0, 1 and - counts).
fn net(line: &Line, token: Token, text: &str) -> Result<String, NetlistError> {
    match token {
        Token::Name | Token::Cube => Ok(text.to_string()),
        _ => Err(parse_error(line, &format!("{text} where a net name belongs"))),
    }
}

/// `.names in... out`: the cover rows follow on the next lines.
fn names(line: &Line, mut nets: Vec<String>) -> Result<Names, NetlistError> {
    let output = nets.pop().ok_or_else(|| parse_error(line, ".names without an output net"))?;
    Ok(Names { inputs: nets, output, rows: Vec::new(), line: line.number })
}

/// `.conn a b` and `.barbuf a b`: b is a copy of a.
fn buffer(line: &Line, nets: Vec<String>) -> Result<Names, NetlistError> {
    match <[String; 2]>::try_from(nets) {
        Ok([a, b]) => Ok(Names { inputs: vec![a], output: b, rows: vec![Row { pattern: vec![Some(true)], output: true }], line: line.number }),
        Err(_) => Err(parse_error(line, "a buffer (.conn/.barbuf) takes exactly two nets")),
    }
}

/// One cover row for a cell of `inputs` inputs: `01- 1`, or `1` alone when
/// there are no inputs.
fn row(line: &Line, inputs: usize) -> Result<Row, NetlistError> {
    let texts: Vec<&str> = line.tokens.iter().map(|&(_, s)| s).collect();
    let (pattern, output) = match texts.as_slice() {
        [output] if inputs == 0 => ("", *output),
        [pattern, output] => (*pattern, *output),
        _ => return Err(parse_error(line, &format!("a cover row should be {inputs} of 0/1/- then 0 or 1"))),
    };
    let output = match output {
        "0" => false,
        "1" => true,
        _ => return Err(parse_error(line, &format!("cover output {output} is not 0 or 1"))),
    };
    let pattern: Option<Vec<Option<bool>>> = pattern
        .chars()
        .map(|c| match c {
            '0' => Some(Some(false)),
            '1' => Some(Some(true)),
            '-' => Some(None),
            _ => None,
        })
        .collect();
    match pattern {
        Some(p) if p.len() == inputs => Ok(Row { pattern: p, output }),
        _ => Err(parse_error(line, &format!("cover pattern should be {inputs} of 0/1/-"))),
    }
}

/// `.latch D Q [type clock] [init]`; only `re` (rising edge) or no type.
fn latch(line: &Line, nets: Vec<String>) -> Result<Latch, NetlistError> {
    let usage = ".latch takes D Q [type clock] [init]";
    let (d, q) = match nets.as_slice() {
        [d, q, ..] => (d.clone(), q.clone()),
        _ => return Err(parse_error(line, usage)),
    };
    let (kind, clock, init) = match &nets[2..] {
        [] => (None, None, None),
        [init] => (None, None, Some(init)),
        [kind, clock] => (Some(kind), Some(clock), None),
        [kind, clock, init] => (Some(kind), Some(clock), Some(init)),
        _ => return Err(parse_error(line, usage)),
    };
    if let Some(kind) = kind {
        if kind != "re" {
            let what = format!(
                "latch {q} is of type {kind}; only rising-edge (re) flip-flops are simulated: \
                 re-synthesise with the generic script (crates/flow/templates/blif.ys.j2)"
            );
            return Err(parse_error(line, &what));
        }
    }
    let known_init = matches!(init.map(String::as_str), Some("0") | Some("1"));
    let init = match init.map(String::as_str) {
        None | Some("0") | Some("2") | Some("3") => false,
        Some("1") => true,
        Some(other) => return Err(parse_error(line, &format!("latch {q} has init {other}, not 0, 1, 2 or 3"))),
    };
    let clock = clock.filter(|c| c.as_str() != "NIL").cloned();
    Ok(Latch { d, q, clock, init, known_init, line: line.number })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexes_continuations_comments_and_rows() {
        let text = ".model m # the model\n.inputs a \\\n b\n.names a b y\n1- 1\n";
        let tokens: Vec<Token> = Token::lexer(text).map(|t| t.unwrap()).collect();
        use Token::*;
        let expected = [Model, Name, Newline, Inputs, Name, Name, Newline, Names, Name, Name, Name, Newline, Cube, Cube, Newline];
        assert_eq!(tokens, expected);
    }

    /// yosys keeps the backslashes of flattened internal names
    /// (`$flatten\\ref.$0\\safe[0:0]`); only a backslash at a line's end
    /// continues it.
    #[test]
    fn names_may_hold_backslashes() {
        let text = ".names $flatten\\ref.$0\\safe[0:0] y \\\n\n";
        let lexed: Vec<(Token, &str)> = Token::lexer(text).spanned().map(|(t, r)| (t.unwrap(), &text[r])).collect();
        use Token::*;
        assert_eq!(lexed, [(Names, ".names"), (Name, "$flatten\\ref.$0\\safe[0:0]"), (Name, "y"), (Newline, "\n")]);
    }

    #[test]
    fn parses_cells_latches_and_buffers() {
        let text = ".model m\n.inputs a b c\n.outputs y\n.names a b t\n1- 1\n-1 1\n\
                    .latch t q re c 1\n.conn q y\n.names $false\n.end\n";
        let m = parse(text).unwrap();
        assert_eq!(m.name, "m");
        assert_eq!(m.inputs, ["a", "b", "c"]);
        assert_eq!(m.names.len(), 3);
        assert_eq!(m.names[0].rows.len(), 2);
        assert_eq!(m.names[0].rows[1].pattern, [None, Some(true)]);
        assert!(m.names[2].rows.is_empty());
        assert_eq!(m.latches[0], Latch { d: "t".into(), q: "q".into(), clock: Some("c".into()), init: true, known_init: true, line: 7 });
    }

    #[test]
    fn refuses_a_falling_edge_latch_by_name() {
        let e = parse(".model m\n.latch d q fe c 0\n").unwrap_err();
        assert!(matches!(&e, NetlistError::Parse { line: 2, what } if what.contains("latch q")), "{e}");
    }

    #[test]
    fn refuses_a_row_of_the_wrong_width() {
        let e = parse(".model m\n.names a b y\n1 1\n").unwrap_err();
        assert!(matches!(e, NetlistError::Parse { line: 3, .. }), "{e}");
    }
}
