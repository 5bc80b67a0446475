//! xmllint (libxml2): an XML document checked against an XML Schema. Only
//! the tests use it: they check every `--junit` file nimforge writes
//! against the schema beside the writer (nimforge-verify's `junit::SCHEMA`).

use super::{Tool, ToolError};
use std::path::Path;

/// xmllint, from the Debian package libxml2-utils.
pub const XMLLINT: Tool = Tool::new("xmllint");

/// Checks the XML file `document` against the XML Schema `schema`
/// (`xmllint --noout --schema`); its complaints, when it has any, are the
/// error's output.
pub fn validate(document: &Path, schema: &Path) -> Result<(), ToolError> {
    let dir = document.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let (schema, document) = (schema.to_string_lossy(), document.to_string_lossy());
    XMLLINT.run(&["--noout", "--schema", &schema, &document], dir, &format!("validating {document} against {schema}")).map(|_| ())
}

/// The string value of the XPath expression `expr` in the XML file
/// `document` (`xmllint --xpath 'string(...)'`), its entities decoded: how
/// the tests read a document back as a CI server would.
pub fn xpath_string(document: &Path, expr: &str) -> Result<String, ToolError> {
    let dir = document.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let document = document.to_string_lossy();
    let out = XMLLINT.run(&["--xpath", &format!("string({expr})"), &document], dir, &format!("reading {expr} in {document}"))?;
    // xmllint ends the value with a line break of its own.
    Ok(out.strip_suffix('\n').unwrap_or(&out).to_string())
}
