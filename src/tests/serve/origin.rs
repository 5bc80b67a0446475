//! `nimforge serve` answers only its own pages (issue 48), each test a
//! server on 127.0.0.1 and requests written by hand: a WebSocket upgrade
//! from another site's page is refused (403, a line in the log), one from
//! the server's own page or from no page (no `Origin`) is admitted; a
//! request whose `Host` is another site's (a DNS-rebinding page) is
//! refused (421), one naming the server is served. `--allow-origin` and
//! `--host-name` add to the names; `--bind` past loopback needs one of
//! the origin flags.

use super::Server;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// The server's `host:port`.
fn host(server: &Server) -> String {
    server.address().trim_start_matches("http://").trim_end_matches('/').to_string()
}

/// Sends a request with these headers (besides its line) and reads the
/// status code of the answer's first line.
fn status(server: &Server, path: &str, headers: &[(&str, &str)]) -> u16 {
    let mut stream = TcpStream::connect(host(server)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut request = format!("GET {path} HTTP/1.1\r\n");
    for (name, value) in headers {
        request += &format!("{name}: {value}\r\n");
    }
    stream.write_all((request + "\r\n").as_bytes()).unwrap();
    let mut line = String::new();
    BufReader::new(stream).read_line(&mut line).unwrap();
    assert!(line.starts_with("HTTP/1.1 "), "not an HTTP answer: {line:?}");
    line.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0)
}

/// A WebSocket upgrade of `/ws/relay-nim` with this `Host` and `Origin`
/// (none: not sent): the status of the answer.
fn upgrade(server: &Server, host: &str, origin: Option<&str>) -> u16 {
    let mut headers = vec![
        ("Host", host),
        ("Upgrade", "websocket"),
        ("Connection", "Upgrade"),
        ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ("Sec-WebSocket-Version", "13"),
    ];
    headers.extend(origin.map(|o| ("Origin", o)));
    status(server, "/ws/relay-nim", &headers)
}

/// A plain GET of the index with this `Host`.
fn get(server: &Server, host: &str) -> u16 {
    status(server, "/", &[("Host", host), ("Connection", "close")])
}

/// Waits up to a few seconds for the server's log to hold `text`.
fn logged(server: &Server, text: &str) -> String {
    let start = Instant::now();
    while !server.log().contains(text) && start.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    server.log()
}

/// Another site's page is refused, the upgrade with 403 and one line in
/// the log, whatever the spelling: another port, https, `null` (a
/// sandboxed page or a file); as is the pair of a foreign Origin
/// and Host (421, at the Host).
#[test]
fn a_foreign_origin_is_refused() {
    let server = Server::start(&[]);
    let host = host(&server);
    let port = host.rsplit(':').next().unwrap().to_string();
    assert_eq!(upgrade(&server, &host, Some("http://evil.example")), 403);
    let log = logged(&server, "http://evil.example");
    println!("log: {log}");
    assert_eq!(log.lines().filter(|l| l.contains("refused a socket")).count(), 1, "{log}");
    assert!(log.contains("refused a socket to relay-nim from a page of http://evil.example: not this server's origin"), "{log}");
    for origin in ["http://evil.example:".to_string() + &port, "http://127.0.0.1:1".into(), format!("https://127.0.0.1:{port}"), "null".into()] {
        assert_eq!(upgrade(&server, &host, Some(&origin)), 403, "{origin}");
    }
    assert_eq!(upgrade(&server, "evil.example", Some("http://evil.example")), 421);
}

/// The server's own page is admitted, spelled as its address, `localhost`
/// or `[::1]`, in any case; so is a client that sends no `Origin`.
#[test]
fn the_pages_own_origin_and_none_are_admitted() {
    let server = Server::start(&[]);
    let host = host(&server);
    let port = host.rsplit(':').next().unwrap().to_string();
    for origin in [format!("http://{host}"), format!("http://localhost:{port}"), format!("HTTP://LocalHost:{port}"), format!("http://[::1]:{port}")] {
        assert_eq!(upgrade(&server, &host, Some(&origin)), 101, "{origin}");
    }
    assert_eq!(upgrade(&server, &format!("localhost:{port}"), Some(&format!("http://localhost:{port}"))), 101);
    assert_eq!(upgrade(&server, &host, None), 101);
    assert!(!server.log().contains("refused"), "{}", server.log());
}

/// A request whose `Host` is another site's gets 421 (a DNS-rebinding
/// page names its own site), one that names the server 200: its address,
/// `localhost`, `[::1]`, with the port or without.
#[test]
fn a_foreign_host_is_refused() {
    let server = Server::start(&[]);
    let host = host(&server);
    let port = host.rsplit(':').next().unwrap().to_string();
    for foreign in ["evil.example".to_string(), format!("evil.example:{port}"), "127.0.0.1:1".into(), "127.0.0.1.evil.example".into()] {
        assert_eq!(get(&server, &foreign), 421, "{foreign}");
    }
    assert_eq!(status(&server, "/static/panel.js", &[("Host", "evil.example"), ("Connection", "close")]), 421);
    assert!(logged(&server, "Host evil.example is not").contains("refused GET /: Host evil.example is not one of this server's names"), "{}", server.log());
    for ours in [host.clone(), format!("localhost:{port}"), format!("LOCALHOST:{port}"), format!("[::1]:{port}"), "127.0.0.1".into(), "localhost".into()] {
        assert_eq!(get(&server, &ours), 200, "{ours}");
    }
}

/// `--allow-origin` admits that origin's pages and answers to its host;
/// `--host-name` answers to a name but admits no page of it.
#[test]
fn allowed_origins_and_host_names() {
    let server = Server::start(&["--allow-origin", "http://Kiosk.example:8080/", "--host-name", "proxy.example"]);
    let host = host(&server);
    assert_eq!(upgrade(&server, &host, Some("http://kiosk.example:8080")), 101);
    assert_eq!(upgrade(&server, &host, Some("http://kiosk.example")), 403);
    assert_eq!(get(&server, "kiosk.example:8080"), 200);
    assert_eq!(get(&server, "proxy.example"), 200);
    assert_eq!(get(&server, "proxy.example:443"), 200);
    assert_eq!(upgrade(&server, &host, Some("http://proxy.example")), 403);
    assert_eq!(get(&server, "evil.example"), 421);
}

/// `--bind` past loopback without `--allow-origin` or `--any-origin` is
/// refused before listening: one line naming what to add, status 2. A
/// malformed origin is refused by the flag.
#[test]
fn an_open_bind_needs_an_origin_flag() {
    let nimforge = env!("CARGO_BIN_EXE_nimforge");
    let out = std::process::Command::new(nimforge).args(["serve", "--port", "0", "--bind", "0.0.0.0"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    println!("{err}");
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("--bind 0.0.0.0 opens the panels to that network") && err.contains("--allow-origin http://NAME:PORT") && err.contains("--any-origin"),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "it listened: {}", String::from_utf8_lossy(&out.stdout));
    let out = std::process::Command::new(nimforge).args(["serve", "--port", "0", "--allow-origin", "kiosk.example"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("'kiosk.example' is not an origin"), "{err}");
}
