//! Reading a hook payload: at most 1 MiB from stdin, leading UTF-8 BOMs stripped, one JSON value.
//! Anything else is an error the caller turns into the host's "do nothing" answer.

use std::io::Read;

use serde_json::{Map, Value};

/// Largest payload rtk reads; a larger one is treated as malformed.
pub const MAX_PAYLOAD_BYTES: usize = 1024 * 1024;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// A parsed payload.
#[derive(Debug, Clone, PartialEq)]
pub struct Payload(pub Value);

/// Why a payload was not usable.
#[derive(Debug, thiserror::Error)]
pub enum PayloadError {
    #[error("cannot read stdin: {0}")]
    Read(#[from] std::io::Error),
    #[error("payload is over {MAX_PAYLOAD_BYTES} bytes")]
    TooLarge,
    #[error("payload is not valid JSON: {0}")]
    Json(#[from] serde_json::Error),
}

/// Reads at most `MAX_PAYLOAD_BYTES + 1` bytes and parses them.
pub fn read_payload(r: &mut impl Read) -> Result<Payload, PayloadError> {
    let mut buf = Vec::new();
    r.take(MAX_PAYLOAD_BYTES as u64 + 1).read_to_end(&mut buf)?;
    if buf.len() > MAX_PAYLOAD_BYTES {
        return Err(PayloadError::TooLarge);
    }
    parse_payload(&buf)
}

/// Parses payload bytes (BOMs stripped).
pub fn parse_payload(mut bytes: &[u8]) -> Result<Payload, PayloadError> {
    while let Some(rest) = bytes.strip_prefix(BOM) {
        bytes = rest;
    }
    Ok(Payload(serde_json::from_slice(bytes)?))
}

/// `payload[key]` as an object.
pub fn object<'a>(v: &'a Value, key: &str) -> Option<&'a Map<String, Value>> {
    v.get(key)?.as_object()
}

/// `payload[key]` as a string.
pub fn string<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key)?.as_str()
}

/// The shell command of a tool input: a non-blank `command` string.
pub fn command(tool_input: &Map<String, Value>) -> Option<&str> {
    tool_input
        .get("command")?
        .as_str()
        .filter(|c| !c.trim().is_empty())
}

/// The standard Claude-style request: `tool_name` among `tools`, `tool_input.command` non-blank,
/// and `hook_event_name`, when present, equal to `event`.
pub fn claude_style<'a>(
    payload: &'a Value,
    tools: &[&str],
    event: &str,
) -> Option<(&'a Map<String, Value>, &'a str)> {
    if let Some(e) = payload.get("hook_event_name") {
        if e.as_str() != Some(event) {
            return None;
        }
    }
    let tool = string(payload, "tool_name")?;
    if !tools.contains(&tool) {
        return None;
    }
    let input = object(payload, "tool_input")?;
    Some((input, command(input)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boms_are_stripped() {
        for raw in [
            &b"{\"a\":1}"[..],
            b"\xEF\xBB\xBF{\"a\":1}",
            b"\xEF\xBB\xBF\xEF\xBB\xBF{\"a\":1}",
        ] {
            assert_eq!(
                parse_payload(raw).unwrap(),
                Payload(serde_json::json!({"a":1}))
            );
        }
    }

    #[test]
    fn malformed_inputs_are_errors() {
        for raw in [
            &b""[..],
            b"{",
            b"not json",
            b"\xff\xfe{}",
            b"{\"a\":\"\xff\"}",
        ] {
            assert!(parse_payload(raw).is_err(), "{raw:?}");
        }
    }

    #[test]
    fn size_cap() {
        let mut ok = b"\"".to_vec();
        ok.resize(MAX_PAYLOAD_BYTES - 1, b'a');
        ok.push(b'"');
        assert_eq!(ok.len(), MAX_PAYLOAD_BYTES);
        assert!(read_payload(&mut ok.as_slice()).is_ok());
        let mut big = ok.clone();
        big.insert(1, b'a');
        assert!(matches!(
            read_payload(&mut big.as_slice()),
            Err(PayloadError::TooLarge)
        ));
    }

    #[test]
    fn claude_style_checks_event_tool_and_command() {
        let p = |v: Value| claude_style(&v, &["Bash"], "PreToolUse").map(|(_, c)| c.to_string());
        use serde_json::json;
        assert_eq!(
            p(json!({"tool_name":"Bash","tool_input":{"command":"ls"}})).as_deref(),
            Some("ls")
        );
        assert_eq!(
            p(json!({"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}))
                .as_deref(),
            Some("ls")
        );
        for bad in [
            json!({"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}),
            json!({"tool_name":"Read","tool_input":{"command":"ls"}}),
            json!({"tool_input":{"command":"ls"}}),
            json!({"tool_name":"Bash","tool_input":{"command":"  "}}),
            json!({"tool_name":"Bash","tool_input":{"command":5}}),
            json!({"tool_name":"Bash","tool_input":"ls"}),
            json!({"tool_name":"Bash"}),
            json!([1, 2]),
        ] {
            assert_eq!(p(bad.clone()), None, "{bad}");
        }
    }
}
