//! `nimforge serve`: the front panels in a browser (issue 24). A local web
//! server (axum) serves an index and one page per machine of the registry;
//! each page opens a WebSocket, and behind it a session of its own: the
//! board wrapper's cycle-accurate simulation (the `*PanelSim` design the
//! `panel` level verifies), or with `--serial` a board, through the
//! protocol of `fpga/protocol.md` (key bytes in, report lines out), exactly
//! what the terminal panel talks to ([`session`]). The page draws the
//! machine from its report fields (`page/machines/<machine>.js`, the shared
//! `page/panel.js`), so it cannot tell a simulation from a board either.
//!
//! Several visitors each get their own machine, up to `--sessions` at once;
//! past that a page says so. A page closed ends its session and its
//! simulation; so does a page that answers no ping for `--pong-timeout` or
//! sends no keys for `--idle-timeout`, its socket closed with the reason.
//! The server binds to 127.0.0.1 unless `--bind` says otherwise.
//!
//! What a visitor sends cannot make it grow: a WebSocket message is at
//! most [`MOST_MESSAGE`] bytes (a longer one closes the socket saying so),
//! keys are queued and paced ([`session`]), at most `--connections` HTTP
//! connections are open at once (the rest wait in the listen queue), and
//! one that has not sent its request's headers within `--header-timeout`
//! is closed (hyper's own timeout).

pub mod session;

use askama::Template;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

/// What `nimforge serve` was asked for.
#[derive(Clone, Debug)]
pub struct Options {
    /// The address to bind: 127.0.0.1 unless told otherwise.
    pub bind: String,
    /// The TCP port (0: any free one; the line printed at start names it).
    pub port: u16,
    /// How many sessions (machines) may run at once.
    pub sessions: usize,
    /// A board on this serial device instead of simulations, with the
    /// machine it holds: one session at a time.
    pub serial: Option<(String, &'static str)>,
    /// A session whose page answers no ping for this long is ended.
    pub pong_timeout: Duration,
    /// A session whose page sends no message for this long is ended.
    pub idle_timeout: Duration,
    /// A connection that has not sent a request's headers within this
    /// long is closed.
    pub header_timeout: Duration,
    /// The most HTTP connections open at once.
    pub connections: usize,
}

/// The most bytes a message from a page may have: a key message of
/// [`session::MOST_BYTES`] keys is under 300.
pub const MOST_MESSAGE: usize = 1024;

/// The server's shared state.
struct Shared {
    options: Options,
    running: AtomicUsize,
}

/// A running session's place among the `--sessions`; given back when
/// dropped.
pub struct Seat(Arc<Shared>);

impl Drop for Seat {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Shared {
    /// How many sessions may run at once.
    fn limit(&self) -> usize {
        if self.options.serial.is_some() {
            1
        } else {
            self.options.sessions
        }
    }

    /// A seat, or `None` when every one is taken.
    fn seat(self: &Arc<Self>) -> Option<Seat> {
        let limit = self.limit();
        self.running.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| (n < limit).then_some(n + 1)).ok()?;
        Some(Seat(self.clone()))
    }

    /// The machines the pages offer: the registry's, or the board's one.
    fn machines(&self) -> Vec<&'static str> {
        match &self.options.serial {
            Some((_, machine)) => vec![machine],
            None => crate::machines::names(),
        }
    }
}

/// The assets every page loads, compiled into the binary; each machine's
/// drawing is its registry entry's `page`, served as `<name>.js`.
const ASSETS: [(&str, &str, &str); 2] = [
    ("panel.js", "text/javascript", include_str!("page/panel.js")),
    ("style.css", "text/css", include_str!("page/style.css")),
];

#[derive(Template)]
#[template(path = "index.html")]
struct Index<'a> {
    machines: Vec<(&'a str, &'a str)>,
    transport: String,
    sessions: usize,
}

#[derive(Template)]
#[template(path = "machine.html")]
struct Page<'a> {
    machine: &'a str,
    title: &'a str,
    /// The report's fields as JSON, for the page's decoder.
    layout: String,
    help: &'a str,
    illegal_words: &'a str,
}

#[derive(Template)]
#[template(path = "message.html")]
struct Notice<'a> {
    title: &'a str,
    text: &'a str,
}

/// Starts the server and serves until interrupted; `ready` is called with
/// the address it listens on (the command prints it).
pub fn run(options: Options, ready: impl FnOnce(std::net::SocketAddr)) -> Result<(), crate::Error> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the web server's runtime: {e}"))?;
    runtime.block_on(async move {
        let address = format!("{}:{}", options.bind, options.port);
        let listener = tokio::net::TcpListener::bind(&address)
            .await
            .map_err(|e| format!("cannot listen on {address}: {e}; choose another --port (0 takes any free one) or --bind address"))?;
        let local = listener.local_addr().map_err(|e| format!("the address bound: {e}"))?;
        let shared = Arc::new(Shared { options: options.clone(), running: AtomicUsize::new(0) });
        let app = Router::new()
            .route("/", get(index))
            .route("/machine/{name}", get(page))
            .route("/ws/{name}", get(socket))
            .route("/static/{file}", get(asset))
            .fallback(|| async { message(StatusCode::NOT_FOUND, "Not here", "No such page: the machines are listed on the index, /.") })
            .with_state(shared);
        ready(local);
        accept(listener, app, &options).await;
        Ok(())
    })
}

/// Serves the connections `listener` accepts, forever: at most
/// `--connections` open at once (the next waits to be accepted until one
/// closes), each closed when a request's headers take longer than
/// `--header-timeout`. An upgraded connection (a page's WebSocket) no
/// longer counts: the seats bound those.
async fn accept(listener: tokio::net::TcpListener, app: Router, options: &Options) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    let open = Arc::new(tokio::sync::Semaphore::new(options.connections));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(options.header_timeout);
    loop {
        let Ok(permit) = open.clone().acquire_owned().await else { return };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors and the like: wait, as axum::serve does.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        let connection = http.serve_connection(TokioIo::new(stream), service).with_upgrades();
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
        });
    }
}

/// A page of one message, with its status.
fn message(status: StatusCode, title: &str, text: &str) -> Response {
    let html = Notice { title, text }.render().unwrap_or_else(|e| e.to_string());
    (status, Html(html)).into_response()
}

async fn index(State(shared): State<Arc<Shared>>) -> Response {
    let machines = shared
        .machines()
        .into_iter()
        .map(|name| (name, crate::machines::find(name).map_or("", |m| (m.front)().face().layout.title)))
        .collect();
    let transport = match &shared.options.serial {
        Some((device, machine)) => format!("{machine} on a board at {device}, one visitor at a time"),
        None => "each page plays its own board wrapper's rust-hdl simulation, cycle by cycle".to_string(),
    };
    let html = Index { machines, transport, sessions: shared.limit() }.render().unwrap_or_else(|e| e.to_string());
    Html(html).into_response()
}

/// The machine called `name` among those served, or the page saying so.
fn served(shared: &Shared, name: &str) -> Result<&'static crate::machines::Entry, Response> {
    let known = shared.machines();
    match known.iter().find(|m| **m == name) {
        Some(_) => crate::machines::find(name).map_err(|e| message(StatusCode::NOT_FOUND, "No such machine", &e.to_string())),
        None => Err(message(StatusCode::NOT_FOUND, "No such machine", &format!("'{name}' is not served here: choose one of {}", known.join(", ")))),
    }
}

/// The page shown when every session is taken.
fn full(shared: &Shared) -> Response {
    let text = format!(
        "All {} machines are in use by other visitors. Try again when one of them closes its page.",
        shared.limit()
    );
    message(StatusCode::SERVICE_UNAVAILABLE, "Every machine is busy", &text)
}

async fn page(State(shared): State<Arc<Shared>>, Path(name): Path<String>) -> Response {
    let entry = match served(&shared, &name) {
        Ok(e) => e,
        Err(page) => return page,
    };
    if shared.running.load(Ordering::SeqCst) >= shared.limit() {
        return full(&shared);
    }
    let front = (entry.front)();
    let face = front.face();
    let html = Page { machine: entry.name, title: face.layout.title, layout: layout_json(face.layout), help: face.help, illegal_words: face.illegal_words }
        .render()
        .unwrap_or_else(|e| e.to_string());
    Html(html).into_response()
}

/// A layout as the page's decoder reads it.
pub fn layout_json(layout: &nimforge_designs::report::Layout) -> String {
    let fields: Vec<serde_json::Value> = layout
        .fields
        .iter()
        .map(|f| {
            serde_json::json!({
                "name": f.name, "lsb": f.lsb, "width": f.width, "items": f.items, "item_width": f.item_width,
                "first_high": f.first == nimforge_designs::report::First::High,
            })
        })
        .collect();
    serde_json::json!({"bits": layout.bits, "fields": fields}).to_string()
}

/// An asset: `panel.js`, `style.css`, or a machine's drawing `<name>.js`.
/// With `NIMFORGE_PAGE_DIR` set (to `src/serve/page`), read from there
/// instead of the binary, for working on the drawings without a rebuild.
async fn asset(State(shared): State<Arc<Shared>>, Path(file): Path<String>) -> Response {
    let machine = file.strip_suffix(".js").filter(|m| shared.machines().contains(m));
    let (disk, kind, text) = match (ASSETS.iter().find(|(name, _, _)| *name == file), machine.and_then(|m| crate::machines::find(m).ok())) {
        (Some((name, kind, text)), _) => (name.to_string(), *kind, *text),
        (None, Some(entry)) => (format!("machines/{file}"), "text/javascript", entry.page),
        (None, None) => return message(StatusCode::NOT_FOUND, "Not here", "No such file."),
    };
    let text = match std::env::var_os("NIMFORGE_PAGE_DIR") {
        Some(dir) => {
            let path = std::path::PathBuf::from(dir).join(disk);
            std::fs::read_to_string(&path).unwrap_or_else(|e| format!("/* {}: {e} */", path.display()))
        }
        None => text.to_string(),
    };
    ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")], text).into_response()
}

async fn socket(State(shared): State<Arc<Shared>>, Path(name): Path<String>, upgrade: WebSocketUpgrade) -> Response {
    let entry = match served(&shared, &name) {
        Ok(e) => e,
        Err(page) => return page,
    };
    let Some(seat) = shared.seat() else {
        return full(&shared);
    };
    let serial = shared.options.serial.as_ref().map(|(device, _)| device.clone());
    let watch = Watch::new(&shared.options);
    upgrade
        .max_message_size(MOST_MESSAGE)
        .max_frame_size(MOST_MESSAGE)
        .on_upgrade(move |ws| bridge(ws, entry, serial, seat, watch))
}

/// How often a session looks at its clocks (pings, notes, deadlines).
const TICK: Duration = Duration::from_millis(250);

/// When a page is taken for gone: a ping unanswered for `--pong-timeout`
/// (a page that sends anything is there), or no message from it for
/// `--idle-timeout` (a browser answers pings by itself, a visitor who
/// walked away sends nothing).
struct Watch {
    pong_timeout: Duration,
    idle_timeout: Duration,
    /// When the last ping was sent.
    pinged: Option<Instant>,
    /// When the oldest ping not yet answered was sent.
    unanswered: Option<Instant>,
    /// When the page last sent a message.
    heard: Instant,
}

impl Watch {
    fn new(options: &Options) -> Watch {
        Watch { pong_timeout: options.pong_timeout, idle_timeout: options.idle_timeout, pinged: None, unanswered: None, heard: Instant::now() }
    }

    /// A ping to send now, three to a `--pong-timeout`.
    fn ping(&mut self, now: Instant) -> Option<Message> {
        if self.pinged.is_some_and(|t| now < t + self.pong_timeout / 3) {
            return None;
        }
        self.pinged = Some(now);
        self.unanswered.get_or_insert(now);
        Some(Message::Ping(Vec::new().into()))
    }

    /// The page sent a frame: it is there.
    fn answered(&mut self) {
        self.unanswered = None;
    }

    /// The page sent a message.
    fn heard(&mut self, now: Instant) {
        self.answered();
        self.heard = now;
    }

    /// When the session ends unless the page answers or sends, and why.
    fn deadline(&self) -> (Instant, String) {
        let idle = self.heard + self.idle_timeout;
        match self.unanswered.map(|t| t + self.pong_timeout) {
            Some(pong) if pong < idle => (pong, format!("the page answered no ping for {} s", self.pong_timeout.as_secs_f64())),
            _ => (idle, format!("no key pressed for {} s", self.idle_timeout.as_secs_f64())),
        }
    }
}

/// What the session does after one of its events.
enum Step {
    /// Sends these to the page (none: nothing to do).
    Send(Vec<Message>),
    /// Ends the session, closing the socket with a code and the reason
    /// (none: the page or the machine has gone).
    End(Option<(u16, String)>),
}

/// One page's session: the socket's messages to the machine, its reports
/// to the socket, until either side ends or the page is taken for gone.
async fn bridge(mut ws: WebSocket, entry: &'static crate::machines::Entry, serial: Option<String>, seat: Seat, mut watch: Watch) {
    let (to_machine, from_page) = std::sync::mpsc::sync_channel::<Vec<u8>>(session::QUEUE);
    let (to_page, mut from_machine) = tokio::sync::mpsc::channel(session::OUTBOX);
    let machine = std::thread::Builder::new()
        .name(format!("{}-session", entry.name))
        .spawn(move || session::run(entry, serial.as_deref(), from_page, to_page, seat));
    if let Err(e) = machine {
        let _ = ws.send(Message::Text(session::error(&format!("cannot start a session: {e}")).into())).await;
        return;
    }
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // A note for the page, sent at the next tick: the latest of a flood.
    let mut note: Option<String> = None;
    let mut dropped = 0;
    let end = loop {
        let (deadline, why) = watch.deadline();
        let step = tokio::select! {
            _ = tokio::time::sleep_until(deadline) => Step::End(Some((close_code::POLICY, why.clone()))),
            _ = tick.tick() => {
                let note = note.take().map(|n| Message::Text(session::noise(&n).into()));
                Step::Send(watch.ping(Instant::now()).into_iter().chain(note).collect())
            }
            out = from_machine.recv() => match out {
                Some(text) => Step::Send(vec![Message::Text(text.into())]),
                None => Step::End(None),
            },
            incoming = ws.recv() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    watch.heard(Instant::now());
                    match session::key_bytes(&text).map(|keys| to_machine.try_send(keys)) {
                        Ok(Ok(())) => Step::Send(vec![]),
                        Ok(Err(std::sync::mpsc::TrySendError::Full(keys))) => {
                            dropped += keys.len();
                            note = Some(format!("{dropped} keys dropped: they came faster than the machine takes them"));
                            Step::Send(vec![])
                        }
                        Ok(Err(std::sync::mpsc::TrySendError::Disconnected(_))) => Step::End(None),
                        Err(why) => {
                            note = Some(format!("a message from the page was not keys: {why}"));
                            Step::Send(vec![])
                        }
                    }
                }
                Some(Ok(Message::Close(_))) | None => Step::End(None),
                Some(Ok(Message::Binary(_))) => {
                    watch.heard(Instant::now());
                    Step::Send(vec![])
                }
                Some(Ok(_)) => {
                    watch.answered();
                    Step::Send(vec![])
                }
                // tungstenite's "Message too long" for one past MOST_MESSAGE.
                Some(Err(e)) => {
                    let code = if e.to_string().contains("too long") { close_code::SIZE } else { close_code::PROTOCOL };
                    Step::End(Some((code, format!("{e}; a message is at most {MOST_MESSAGE} bytes"))))
                }
            },
        };
        match step {
            Step::Send(messages) => match send(&mut ws, messages, deadline).await {
                Ok(()) => {}
                Err(late) => break late.then_some((close_code::POLICY, why)),
            },
            Step::End(end) => break end,
        }
    };
    // A page that reads is told why; one that does not is let go.
    if let Some((code, reason)) = end {
        let reason = reason.char_indices().take_while(|(i, c)| i + c.len_utf8() <= 123).map(|(_, c)| c).collect::<String>();
        let close = Message::Close(Some(CloseFrame { code, reason: reason.into() }));
        let _ = tokio::time::timeout(Duration::from_secs(1), ws.send(close)).await;
    }
    // Dropping `from_machine` ends the session's thread, and with it the
    // simulation; the seat is given back when the thread ends.
}

/// Sends `messages` unless `deadline` passes first; `Err(true)` when it
/// did, `Err(false)` when the socket failed.
async fn send(ws: &mut WebSocket, messages: Vec<Message>, deadline: Instant) -> Result<(), bool> {
    for message in messages {
        match tokio::time::timeout_at(deadline, ws.send(message)).await {
            Ok(Ok(())) => {}
            Ok(Err(_)) => return Err(false),
            Err(_) => return Err(true),
        }
    }
    Ok(())
}
