//! `nimforge serve` against visitors that misbehave (issue 38), each a
//! client written here on 127.0.0.1 and bounded in time: a flood of key
//! messages, the largest message accepted and one far past it, visitors
//! that never read nor answer a ping, one that answers pings but sends
//! nothing, and connections that trickle their headers. Each prints its
//! figures (the server's memory from /proc, the times) and asserts only
//! the stated limits: memory under 100 MiB above idle, seats freed within
//! the stated timeout (plus a second or two of scheduling), slow headers
//! closed, every seat taken again afterwards.

use super::{get, Server};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// The most the server may grow above its idle size, in MiB.
const GROWTH_MIB: f64 = 100.0;
/// The server's `MOST_MESSAGE`.
const MOST_MESSAGE: usize = 1024;
/// Slack on a stated time for the tick, the session's thread and a busy
/// machine.
const SLACK: Duration = Duration::from_secs(3);

/// The server's resident memory now and at its peak (VmRSS, VmHWM), in MiB.
fn memory(server: &Server) -> (f64, f64) {
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.pid())).unwrap();
    let field = |name: &str| {
        let line = status.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("no {name} in /proc/PID/status"));
        line.split_whitespace().nth(1).unwrap().parse::<f64>().unwrap() / 1024.0
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// The server's idle size: its memory once it has settled after starting.
fn idle(server: &Server) -> f64 {
    std::thread::sleep(Duration::from_millis(300));
    memory(server).0
}

/// Watches the server's memory for `span`; its peak (VmHWM) then, in MiB.
fn peak_within(server: &Server, span: Duration) -> f64 {
    let start = Instant::now();
    while start.elapsed() < span {
        std::thread::sleep(Duration::from_millis(100));
    }
    memory(server).1
}

/// A client frame: masked, with a zero key, as a client's must be.
fn frame(opcode: u8, payload: &[u8]) -> Vec<u8> {
    let mut out = vec![0x80 | opcode];
    match payload.len() {
        n if n < 126 => out.push(0x80 | n as u8),
        n if n < 65536 => {
            out.push(0x80 | 126);
            out.extend((n as u16).to_be_bytes());
        }
        n => {
            out.push(0x80 | 127);
            out.extend((n as u64).to_be_bytes());
        }
    }
    out.extend([0; 4]);
    out.extend_from_slice(payload);
    out
}

/// A key message of `n` keys padded with spaces to `len` bytes.
fn keys(n: usize, len: usize) -> String {
    let text = format!(r#"{{"bytes":[{}]}}"#, vec!["97"; n].join(","));
    let pad = len - text.len();
    text + &" ".repeat(pad)
}

/// A page's WebSocket, by hand: as badly behaved as a test needs.
struct Visitor {
    stream: TcpStream,
}

impl Visitor {
    /// Opens `/ws/<machine>`: the visitor, or the HTTP status it got.
    fn open(server: &Server, machine: &str) -> Result<Visitor, u16> {
        let host = server.address().trim_start_matches("http://").trim_end_matches('/');
        let mut stream = TcpStream::connect(host).unwrap();
        write!(
            stream,
            "GET /ws/{machine} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        .unwrap();
        // The head a byte at a time, leaving the first frame unread.
        let mut head = Vec::new();
        let mut byte = [0];
        while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap_or(0) == 1 {
            head.push(byte[0]);
        }
        let status = String::from_utf8_lossy(&head).split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
        if status == 101 {
            Ok(Visitor { stream })
        } else {
            Err(status)
        }
    }

    fn send(&mut self, text: &str) -> std::io::Result<()> {
        self.stream.write_all(&frame(1, text.as_bytes()))
    }

    /// The next frame from the server: its opcode and payload.
    fn read(&mut self) -> std::io::Result<(u8, Vec<u8>)> {
        read_frame(&mut self.stream)
    }

    /// Reads frames until the server closes (answering pings if `answer`):
    /// its close code and reason, and the texts before it.
    fn until_closed(&mut self, answer: bool) -> std::io::Result<(u16, String, Vec<String>)> {
        let mut texts = Vec::new();
        loop {
            match self.read()? {
                (1, text) => texts.push(String::from_utf8_lossy(&text).into_owned()),
                (8, close) if close.len() >= 2 => {
                    let code = u16::from_be_bytes([close[0], close[1]]);
                    return Ok((code, String::from_utf8_lossy(&close[2..]).into_owned(), texts));
                }
                (8, _) => return Ok((0, String::new(), texts)),
                (9, ping) if answer => self.stream.write_all(&frame(10, &ping))?,
                _ => {}
            }
        }
    }
}

fn read_frame(stream: &mut impl Read) -> std::io::Result<(u8, Vec<u8>)> {
    let mut head = [0; 2];
    stream.read_exact(&mut head)?;
    let len = match head[1] & 0x7f {
        126 => {
            let mut n = [0; 2];
            stream.read_exact(&mut n)?;
            u16::from_be_bytes(n) as usize
        }
        127 => {
            let mut n = [0; 8];
            stream.read_exact(&mut n)?;
            u64::from_be_bytes(n) as usize
        }
        n => n as usize,
    };
    let mut payload = vec![0; len];
    stream.read_exact(&mut payload)?;
    Ok((head[0] & 0x0f, payload))
}

/// Takes all `n` seats, waiting up to `within` for them to be free: the
/// visitors, and how long it took.
fn take_every_seat(server: &Server, n: usize, within: Duration) -> (Vec<Visitor>, Duration) {
    let start = Instant::now();
    let mut held = Vec::new();
    while held.len() < n {
        match Visitor::open(server, "relay-nim") {
            Ok(v) => held.push(v),
            Err(503) if start.elapsed() < within => std::thread::sleep(Duration::from_millis(50)),
            Err(status) => panic!("{} of {n} seats taken after {:?}; then status {status}", held.len(), start.elapsed()),
        }
    }
    (held, start.elapsed())
}

/// 100,000 key messages of 48 keys (20 MiB on the wire) as fast as the
/// socket takes them: the server queues 16 messages, drops the rest and
/// says so, and stays under 100 MiB above idle; the seat is free again
/// when the visitor goes.
#[test]
fn a_flood_of_keys_stays_bounded() {
    let server = Server::start(&[]);
    let idle = idle(&server);
    let mut visitor = Visitor::open(&server, "relay-nim").expect("a seat");
    let mut reader = visitor.stream.try_clone().unwrap();
    // The visitor reads what the server sends, looking for the note.
    let notes = std::thread::spawn(move || {
        let mut dropped = None;
        while let Ok((opcode, text)) = read_frame(&mut reader) {
            let text = String::from_utf8_lossy(&text);
            if opcode == 1 && text.contains("keys dropped") {
                dropped = Some(text.into_owned());
            }
        }
        dropped
    });
    let message = frame(1, keys(48, 200).as_bytes());
    let flood: Vec<u8> = std::iter::repeat_n(message, 100_000).flatten().collect();
    let start = Instant::now();
    visitor.stream.write_all(&flood).unwrap();
    let sent = start.elapsed();
    let peak = peak_within(&server, Duration::from_secs(5));
    println!("flood: {} MiB in {sent:.2?}; idle {idle:.1} MiB, peak {peak:.1} MiB within 5 s after (+{:.1} MiB)", flood.len() >> 20, peak - idle);
    assert!(peak - idle < GROWTH_MIB, "the server grew {:.1} MiB under the flood", peak - idle);
    visitor.stream.shutdown(std::net::Shutdown::Both).unwrap();
    let note = notes.join().unwrap();
    println!("the page was told: {note:?}");
    assert!(note.is_some_and(|n| n.contains("came faster than the machine takes them")));
    let (_, took) = take_every_seat(&server, 8, SLACK);
    println!("every seat taken again within {took:.2?}");
}

/// The largest message the server accepts (1,024 bytes, 64 keys) is
/// played; one of 63 MiB is refused at its frame's header with a close
/// frame naming why, and the server stays under 100 MiB above idle.
#[test]
fn messages_past_the_limit_are_refused() {
    let server = Server::start(&[]);
    let idle = idle(&server);
    let mut visitor = Visitor::open(&server, "relay-nim").expect("a seat");
    visitor.send(&keys(64, MOST_MESSAGE)).unwrap();
    let start = Instant::now();
    let mut reports = 0;
    while reports < 2 && start.elapsed() < Duration::from_secs(20) {
        let (opcode, text) = visitor.read().unwrap();
        assert_ne!(opcode, 8, "the largest message closed the socket: {}", String::from_utf8_lossy(&text));
        reports += String::from_utf8_lossy(&text).contains("report") as usize;
    }
    assert_eq!(reports, 2, "the keys of the largest message were played");
    let largest = memory(&server).1;
    println!("largest accepted ({MOST_MESSAGE} bytes): idle {idle:.1} MiB, peak {largest:.1} MiB (+{:.1} MiB)", largest - idle);

    let mut huge = Visitor::open(&server, "relay-nim").expect("a second seat");
    let size = 63 << 20;
    let mut writer = huge.stream.try_clone().unwrap();
    let message = frame(1, keys(64, size).as_bytes());
    let writing = std::thread::spawn(move || writer.write_all(&message).is_ok());
    let (code, reason, _) = huge.until_closed(false).expect("a close frame");
    let delivered = writing.join().unwrap();
    let peak = peak_within(&server, Duration::from_secs(2));
    println!("63 MiB message: closed with {code} \"{reason}\" (all sent: {delivered}); peak {peak:.1} MiB (+{:.1} MiB)", peak - idle);
    assert_eq!(code, 1009, "{reason}");
    assert!(reason.contains("too long") && reason.contains("at most 1024 bytes"), "{reason}");
    assert!(peak - idle < GROWTH_MIB, "the server grew {:.1} MiB", peak - idle);
    drop((visitor, huge));
    take_every_seat(&server, 8, SLACK);
}

/// Eight visitors that never read and never answer a ping hold every seat
/// (a ninth is told 503) until `--pong-timeout`; then each seat is free
/// and taken again, and the silent ones find a close frame saying why.
#[test]
fn silent_visitors_lose_their_seats() {
    let timeout = Duration::from_secs(2);
    let server = Server::start(&["--pong-timeout", "2"]);
    let (mut silent, _) = take_every_seat(&server, 8, Duration::ZERO);
    let opened = Instant::now();
    assert_eq!(Visitor::open(&server, "relay-nim").err(), Some(503), "a ninth visitor is turned away");
    let (again, took) = take_every_seat(&server, 8, timeout + SLACK);
    println!("8 silent visitors: every seat free again {took:.2?} after the last opened (--pong-timeout {timeout:?})");
    assert!(opened.elapsed() >= timeout, "seats freed before the stated time");
    let (code, reason, _) = silent[0].until_closed(false).expect("a close frame");
    println!("a silent visitor reads: {code} \"{reason}\"");
    assert!(code == 1008 && reason.contains("answered no ping for 2 s"), "{code} {reason}");
    drop(again);
}

/// A visitor that answers every ping but sends nothing is ended after
/// `--idle-timeout` (not before), told why.
#[test]
fn an_idle_visitor_loses_its_seat() {
    let server = Server::start(&["--pong-timeout", "1", "--idle-timeout", "3"]);
    let mut visitor = Visitor::open(&server, "relay-nim").expect("a seat");
    let start = Instant::now();
    let (code, reason, texts) = visitor.until_closed(true).expect("a close frame");
    let took = start.elapsed();
    println!("idle visitor answering pings: closed after {took:.2?} with {code} \"{reason}\" (--idle-timeout 3, --pong-timeout 1)");
    assert!(texts.iter().any(|t| t.contains("hello")), "{texts:?}");
    assert!(code == 1008 && reason.contains("no key pressed for 3 s"), "{code} {reason}");
    assert!(took >= Duration::from_secs(2) && took < Duration::from_secs(3) + SLACK, "{took:?}");
    take_every_seat(&server, 8, SLACK);
}

/// Five connections trickling a header byte every 500 ms are closed after
/// `--header-timeout`; while they fill `--connections 5`, a sixth waits
/// unanswered, and is served once they are closed.
#[test]
fn slow_headers_are_closed() {
    let timeout = Duration::from_secs(2);
    let server = Server::start(&["--header-timeout", "2", "--connections", "5"]);
    let host = server.address().trim_start_matches("http://").trim_end_matches('/').to_string();
    let slow: Vec<_> = (0..5)
        .map(|_| {
            let mut stream = TcpStream::connect(&host).unwrap();
            std::thread::spawn(move || {
                let start = Instant::now();
                stream.set_read_timeout(Some(Duration::from_millis(500))).unwrap();
                let request = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ...........................................................\r\n\r\n";
                for byte in request {
                    if stream.write_all(&[*byte]).is_err() {
                        break;
                    }
                    match stream.read(&mut [0; 256]) {
                        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => continue,
                        _ => break,
                    }
                }
                start.elapsed()
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let mut sixth = TcpStream::connect(&host).unwrap();
    write!(sixth, "GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").unwrap();
    sixth.set_read_timeout(Some(Duration::from_secs(1))).unwrap();
    let mut answer = Vec::new();
    let waited = sixth.read_to_end(&mut answer);
    assert!(waited.is_err() && answer.is_empty(), "a sixth connection was served past --connections 5");
    sixth.set_read_timeout(Some(timeout + SLACK)).unwrap();
    sixth.read_to_end(&mut answer).expect("the sixth is served once the slow ones are closed");
    let open: Vec<Duration> = slow.into_iter().map(|t| t.join().unwrap()).collect();
    println!(
        "5 slow-header connections closed after {open:.2?} (--header-timeout {timeout:?}); the sixth then answered {}",
        String::from_utf8_lossy(answer.get(..12).unwrap_or(&answer))
    );
    for time in &open {
        assert!(*time < timeout + SLACK, "a slow-header connection open {time:?}");
    }
    assert!(answer.starts_with(b"HTTP/1.1 200"));
    assert_eq!(get(server.address(), "/").0, 200);
}
