//! The one secret masker: every command line rtk stores (history rows) or prints (notes,
//! "command not found", `rtk discover`) goes through [`line`] first; tee file names carry no
//! command arguments at all (see `runner::tee::store`), and their program word goes through [`word`].
//!
//! What counts as a secret: values of secret-named options (`--password x`, `--api-key=x`,
//! `--auth-token x`), secret-named assignments and pairs (`MY_PASS=x`, `a=1&token=x`,
//! `AccountKey=x;`), credential headers (`Authorization: Basic x`, `X-Api-Key: x`,
//! `Cookie: a=b`), `Bearer x`, URL credentials (`https://u:p@h`, `https://ghp_…@h`), secret
//! query parameters, JSON fields (`{"password":"x"}`), well-known token formats (`ghp_…`,
//! `AKIA…`, JWTs) anywhere in a word, and a few programs' own options (`curl -u u:p`,
//! `mysql -px`, `docker login -p x`, `sshpass -p x`, `redis-cli -a x`, `pass:x`).
//!
//! Invariants: the output is the input's words joined by single spaces with only secret
//! parts replaced by [`MASK`]; masking is idempotent; no regex (it runs off the hook path, but
//! a word scan is all it needs).

/// What a secret is replaced by.
pub const MASK: &str = "***";

/// `command` with whitespace runs collapsed and every secret replaced by [`MASK`].
pub fn line(command: &str) -> String {
    let words: Vec<&str> = command.split_whitespace().collect();
    let program = program_of(&words);
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut pending = Pending::None;
    let mut login = false;
    for (i, &w) in words.iter().enumerate() {
        let (masked, next) = match pending {
            Pending::None => one(w, program, login),
            p => p.apply(w),
        };
        login |= i > 0 && w == "login";
        pending = next;
        out.push(masked);
    }
    out.join(" ")
}

/// One word on its own (a program name, a file name part): [`line`] of just that word.
pub fn word(w: &str) -> String {
    line(w)
}

/// What a word asks of the word after it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pending {
    None,
    /// The whole next word is a secret.
    Word,
    /// An auth header's value: an optional scheme word (`Basic`, `Bearer`), then the secret.
    AuthValue,
    /// A cookie header's value: `a=b;` words, the last one without `;`.
    Cookie,
    /// A JSON string value (`"password": "x"` split at the space).
    JsonValue,
    /// `user:password`: the part after the first `:`.
    UserPass,
}

impl Pending {
    fn apply(self, w: &str) -> (String, Pending) {
        match self {
            Pending::None => (w.to_string(), Pending::None),
            Pending::Word => (MASK.to_string(), Pending::None),
            Pending::AuthValue if is_auth_scheme(w) => (w.to_string(), Pending::Word),
            Pending::AuthValue => (MASK.to_string(), Pending::None),
            Pending::Cookie => {
                let more = w.ends_with(';');
                let next = if more { Pending::Cookie } else { Pending::None };
                (
                    if more {
                        format!("{MASK};")
                    } else {
                        MASK.into()
                    },
                    next,
                )
            }
            Pending::JsonValue => match w.strip_prefix('"').and_then(|r| r.find('"')) {
                Some(end) => (format!("\"{MASK}{}", &w[end + 1..]), Pending::None),
                None => (MASK.to_string(), Pending::None),
            },
            Pending::UserPass => (user_pass(w), Pending::None),
        }
    }
}

/// Words before the program that are not it: assignments and wrappers.
const WRAPPERS: &[&str] = &[
    "env", "sudo", "command", "nohup", "time", "nice", "exec", "rtk",
];

/// The basename of the command's program word.
fn program_of<'a>(words: &[&'a str]) -> &'a str {
    let w = words
        .iter()
        .find(|w| !w.contains('=') && !w.starts_with('-') && !WRAPPERS.contains(w))
        .copied()
        .unwrap_or("");
    w.rsplit('/').next().unwrap_or(w)
}

/// Masks one word given the program; says what the next word is.
fn one(w: &str, program: &str, login: bool) -> (String, Pending) {
    if let Some(r) = program_option(w, program, login) {
        return r;
    }
    if let Some(r) = option(w) {
        return r;
    }
    if let Some(r) = header(w) {
        return r;
    }
    if w.eq_ignore_ascii_case("bearer") {
        return (w.to_string(), Pending::Word);
    }
    if let Some(rest) = w.strip_prefix("pass:") {
        if !rest.is_empty() {
            return (format!("pass:{MASK}"), Pending::None);
        }
    }
    let w2 = pairs(w);
    let w3 = json_fields(&w2);
    let pending = if json_key_ends(&w3) {
        Pending::JsonValue
    } else {
        Pending::None
    };
    (tokens(&urls(&w3)), pending)
}

/// Options whose meaning depends on the program.
fn program_option(w: &str, program: &str, login: bool) -> Option<(String, Pending)> {
    let base = program.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    match base {
        "curl" => match w {
            "-u" | "--user" | "-U" | "--proxy-user" => Some((w.into(), Pending::UserPass)),
            "-b" | "--cookie" => Some((w.into(), Pending::Word)),
            "-H" | "--header" | "--proxy-header" => None,
            _ => ["-u", "-U"]
                .iter()
                .find_map(|o| w.strip_prefix(o).filter(|v| !v.is_empty()).map(|v| (*o, v)))
                .filter(|_| !w.starts_with("--"))
                .map(|(o, v)| (format!("{o}{}", user_pass(v)), Pending::None)),
        },
        "http" | "https" | "xh" => match w {
            "-a" | "--auth" => Some((w.into(), Pending::UserPass)),
            _ => None,
        },
        "mysql" | "mysqldump" | "mysqladmin" | "mariadb" | "mariadb-dump" | "sshpass" => {
            if w == "-p" && base == "sshpass" {
                Some((w.into(), Pending::Word))
            } else {
                w.strip_prefix("-p")
                    .filter(|v| !v.is_empty() && !w.starts_with("--"))
                    .map(|_| (format!("-p{MASK}"), Pending::None))
            }
        }
        "docker" | "podman" | "nerdctl" | "buildah" | "skopeo" | "helm" | "oras" | "crane"
            if login && w == "-p" =>
        {
            Some((w.into(), Pending::Word))
        }
        "redis-cli" if w == "-a" => Some((w.into(), Pending::Word)),
        _ => None,
    }
}

/// `--secret x`, `--secret=x`, `-password=x`.
fn option(w: &str) -> Option<(String, Pending)> {
    let bare = w.strip_prefix("--").or_else(|| w.strip_prefix('-'))?;
    if bare.len() < 2 {
        return None;
    }
    match bare.split_once('=') {
        Some((name, value)) if is_secret_name(name) && !value.is_empty() => Some((
            format!("{}={MASK}", &w[..w.len() - value.len() - 1]),
            Pending::None,
        )),
        Some(("header" | "proxy-header" | "H", value)) => {
            let (v, pending) = header(value).unwrap_or((value.into(), Pending::None));
            Some((format!("{}={v}", &w[..w.len() - value.len() - 1]), pending))
        }
        Some(_) => None,
        None if is_secret_name(bare) => Some((w.into(), Pending::Word)),
        None => None,
    }
}

/// Whether an option, variable, field or parameter name names a secret.
fn is_secret_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    let parts: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|p| !p.is_empty())
        .collect();
    let (Some(first), Some(last)) = (parts.first(), parts.last()) else {
        return false;
    };
    // Flags and names of where a secret is, not the secret: `--password-stdin`,
    // `--token-file`, `--secret-id`, `--no-auth`, `--with-token`, `PWD`.
    const NOT_VALUES: &[&str] = &[
        "file", "stdin", "fd", "env", "path", "id", "type", "name", "helper", "prompt", "cmd",
        "command", "dir", "length", "len", "method", "mode", "url", "endpoint",
    ];
    if NOT_VALUES.contains(last) || matches!(*first, "no" | "with" | "show" | "ask") {
        return false;
    }
    if matches!(lower.as_str(), "pwd" | "oldpwd") {
        return false;
    }
    const INSIDE: &[&str] = &[
        "password",
        "passwd",
        "secret",
        "token",
        "apikey",
        "credential",
        "cookie",
        "accesskey",
        "accountkey",
        "privatekey",
        "signature",
    ];
    const WHOLE: &[&str] = &["pass", "pwd", "auth", "sig", "passphrase", "pat"];
    const KEY_KINDS: &[&str] = &[
        "api",
        "access",
        "private",
        "secret",
        "signing",
        "encryption",
        "master",
        "license",
        "client",
        "account",
        "subscription",
    ];
    parts.iter().any(|p| {
        (INSIDE.iter().any(|s| p.contains(s)) && !p.starts_with("tokeniz")) || WHOLE.contains(p)
    }) || parts
        .windows(2)
        .any(|w| w[1] == "key" && KEY_KINDS.contains(&w[0]))
        || lower == "key"
}

/// Header names whose value is a credential.
fn is_secret_header(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    matches!(
        lower.as_str(),
        "authorization" | "proxy-authorization" | "cookie" | "set-cookie"
    ) || is_secret_name(&lower)
        || lower.split('-').any(|p| p == "key" || p == "session")
}

fn is_header_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

fn is_auth_scheme(w: &str) -> bool {
    const SCHEMES: &[&str] = &[
        "basic",
        "bearer",
        "token",
        "digest",
        "negotiate",
        "ntlm",
        "apikey",
        "sso-key",
        "hmac",
        "aws4-hmac-sha256",
        "key",
    ];
    SCHEMES.iter().any(|s| w.eq_ignore_ascii_case(s))
}

/// `Authorization:` / `Authorization:Bearer` / `X-Api-Key:value` / `Cookie: a=b`.
fn header(w: &str) -> Option<(String, Pending)> {
    let (name, value) = w.split_once(':')?;
    if !is_header_name(name) || !is_secret_header(name) || value.starts_with("//") {
        return None;
    }
    let cookie = name.to_ascii_lowercase().contains("cookie");
    if value.is_empty() {
        let next = if cookie {
            Pending::Cookie
        } else {
            Pending::AuthValue
        };
        return Some((w.into(), next));
    }
    if is_auth_scheme(value) {
        return Some((w.into(), Pending::Word));
    }
    let next = if cookie && value.ends_with(';') {
        Pending::Cookie
    } else {
        Pending::None
    };
    let end = if value.ends_with(';') { ";" } else { "" };
    Some((format!("{name}:{MASK}{end}"), next))
}

/// `user:password` → `user:***`; a bare user stays.
fn user_pass(w: &str) -> String {
    match w.split_once(':') {
        Some((user, pass)) if !pass.is_empty() => format!("{user}:{MASK}"),
        _ => w.to_string(),
    }
}

/// `name=value` pairs separated by `&` or `;` (assignments, form bodies, query strings,
/// connection strings): secret-named values masked.
fn pairs(w: &str) -> String {
    if !w.contains('=') {
        return w.to_string();
    }
    let mut out = String::with_capacity(w.len());
    let mut rest = w;
    loop {
        let cut = rest.find(['&', ';', '?']).unwrap_or(rest.len());
        let (seg, tail) = rest.split_at(cut);
        match seg.split_once('=') {
            Some((name, value)) if !value.is_empty() && value != MASK && is_secret_pair(name) => {
                out.push_str(name);
                out.push('=');
                out.push_str(MASK);
            }
            _ => out.push_str(seg),
        }
        let Some(sep) = tail.chars().next() else {
            break;
        };
        out.push(sep);
        rest = &tail[sep.len_utf8()..];
    }
    out
}

/// A pair's name names a secret; for npm's `//registry/:_authToken` the name is what follows
/// the last `:` or `/`.
fn is_secret_pair(name: &str) -> bool {
    is_secret_name(name.rsplit([':', '/']).next().unwrap_or(name))
}

/// `scheme://user:pass@host`, `scheme://TOKEN@host`: the credentials masked; webhook URLs
/// whose path is the secret (Slack, Discord) cut after their fixed part.
fn urls(w: &str) -> String {
    let Some(at_scheme) = w.find("://") else {
        return w.to_string();
    };
    let start = at_scheme + 3;
    let authority_end = w[start..]
        .find(['/', '?', '#'])
        .map_or(w.len(), |i| start + i);
    let mut out = w.to_string();
    if let Some(at) = w[start..authority_end].rfind('@') {
        let user = &w[start..start + at];
        if user != MASK && (user.contains(':') || looks_like_token(user)) {
            out = format!("{}{MASK}{}", &w[..start], &w[start + at..]);
        }
    }
    for fixed in ["hooks.slack.com/services/", "/api/webhooks/"] {
        if let Some(i) = out.find(fixed) {
            let keep = i + fixed.len();
            if out.len() > keep && &out[keep..] != MASK {
                out = format!("{}{MASK}", &out[..keep]);
            }
        }
    }
    out
}

/// A user name that is really a token: a known token format, or long with letters and digits.
fn looks_like_token(user: &str) -> bool {
    TOKEN_PREFIXES.iter().any(|p| user.starts_with(p))
        || (user.len() >= 20
            && user.bytes().any(|b| b.is_ascii_digit())
            && user.bytes().any(|b| b.is_ascii_alphabetic()))
}

/// Prefixes of well-known credential formats, with the fewest characters that follow.
const TOKEN_PREFIXES: &[&str] = &[
    "ghp_",
    "gho_",
    "ghu_",
    "ghs_",
    "ghr_",
    "github_pat_",
    "glpat-",
    "gldt-",
    "glrt-",
    "sk-",
    "sk_live_",
    "sk_test_",
    "rk_live_",
    "xoxb-",
    "xoxp-",
    "xoxa-",
    "xoxe-",
    "xapp-",
    "AKIA",
    "ASIA",
    "AIza",
    "npm_",
    "pypi-",
    "hf_",
    "dop_v1_",
    "shpat_",
    "shpss_",
    "glc_",
    "ya29.",
    "SG.",
];

/// Characters a token is made of.
fn is_token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// Known token formats and JWTs anywhere in `w` (at a word boundary), replaced by [`MASK`].
fn tokens(w: &str) -> String {
    let b = w.as_bytes();
    let mut out = String::with_capacity(w.len());
    let mut i = 0;
    let mut copied = 0;
    while i < b.len() {
        let boundary = i == 0 || !is_token_byte(b[i - 1]);
        if boundary && w.is_char_boundary(i) {
            if let Some(end) = token_at(w, i) {
                out.push_str(&w[copied..i]);
                out.push_str(MASK);
                i = end;
                copied = end;
                continue;
            }
        }
        i += 1;
    }
    out.push_str(&w[copied..]);
    out
}

/// End of a known token or JWT starting at `i`.
fn token_at(w: &str, i: usize) -> Option<usize> {
    let rest = &w[i..];
    let run = |from: usize| {
        from + rest.as_bytes()[from..]
            .iter()
            .take_while(|&&b| is_token_byte(b) || b == b'.')
            .count()
    };
    if rest.starts_with("eyJ") {
        let end = run(0);
        let jwt = &rest[..end];
        if jwt.split('.').count() >= 3 && jwt.split('.').take(2).all(|p| p.len() >= 8) {
            return Some(i + end);
        }
    }
    let prefix = TOKEN_PREFIXES.iter().find(|p| rest.starts_with(**p))?;
    let body = rest.as_bytes()[prefix.len()..]
        .iter()
        .take_while(|&&b| is_token_byte(b))
        .count();
    (body >= 16).then(|| i + prefix.len() + body)
}

/// `"password":"x"` inside a word: the value masked.
fn json_fields(w: &str) -> String {
    if !w.contains("\":") {
        return w.to_string();
    }
    let mut out = String::with_capacity(w.len());
    let mut rest = w;
    while let Some(colon) = rest.find("\":") {
        let key_start = rest[..colon].rfind('"');
        let key = key_start.map_or("", |s| &rest[s + 1..colon]);
        out.push_str(&rest[..colon + 2]);
        rest = &rest[colon + 2..];
        let value = rest.trim_start();
        let skipped = rest.len() - value.len();
        if is_secret_name(key) && value.starts_with('"') {
            if let Some(end) = value[1..].find('"') {
                out.push_str(&rest[..skipped]);
                out.push('"');
                out.push_str(MASK);
                rest = &value[end + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The word ends with a secret JSON key and its colon (`{"password":`).
fn json_key_ends(w: &str) -> bool {
    w.strip_suffix("\":")
        .and_then(|k| k.rfind('"').map(|s| &k[s + 1..]))
        .is_some_and(is_secret_name)
}

#[cfg(test)]
#[path = "mask_tests.rs"]
mod tests;
