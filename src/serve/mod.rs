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
//!
//! Only its own pages may play (issue 48): a browser lets any site's page
//! open a WebSocket to 127.0.0.1, so an upgrade whose `Origin` is neither
//! the server's own (its address, `localhost`, `127.0.0.1` or `[::1]` at
//! its port, over http) nor one of `--allow-origin` is refused with 403 and
//! one line on stderr; one without `Origin` is no browser's and is
//! admitted. Every request's `Host` must name the server too (those names,
//! the hosts of `--allow-origin`, `--host-name`), else 421: a DNS-rebinding
//! page's names its own site (`Shared::ours`).

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
    /// Who besides the server's own pages may use it.
    pub access: Access,
}

/// Who besides the server's own pages may use it: `--allow-origin`,
/// `--any-origin`, `--host-name`.
#[derive(Clone, Debug, Default)]
pub struct Access {
    /// Origins whose pages may open sockets too; their hosts may be a
    /// request's `Host`.
    pub allow_origins: Vec<Origin>,
    /// Pages of any origin may open sockets.
    pub any_origin: bool,
    /// More names a request's `Host` may give.
    pub host_names: Vec<Place>,
}

/// A name the server is reached by, as a `Host` header or an origin gives
/// it.
#[derive(Clone, Debug, PartialEq)]
pub struct Place {
    /// The name or address, lowercase; an IPv6 address in brackets.
    pub host: String,
    /// The port; `None` when not given (any).
    pub port: Option<u16>,
}

impl Place {
    /// `host[:port]`, or `None` when `text` is not one.
    pub fn parse(text: &str) -> Option<Place> {
        let text = text.to_ascii_lowercase();
        let (host, port) = match text.strip_prefix('[') {
            Some(v6) => {
                let (address, port) = v6.split_once(']')?;
                address.parse::<std::net::Ipv6Addr>().ok()?;
                (&text[..address.len() + 2], port)
            }
            None => {
                let (host, port) = text.split_at(text.find(':').unwrap_or(text.len()));
                let name = |c: char| c.is_ascii_alphanumeric() || "-._".contains(c);
                (!host.is_empty() && host.chars().all(name)).then_some((host, port))?
            }
        };
        let port = match port {
            "" => None,
            port => Some(port.strip_prefix(':')?.parse().ok()?),
        };
        Some(Place { host: host.to_string(), port })
    }

    /// An address's place: IPv6 in brackets, an IPv4-mapped one as IPv4.
    fn of(ip: std::net::IpAddr, port: u16) -> Place {
        let host = match ip.to_canonical() {
            std::net::IpAddr::V6(v6) => format!("[{v6}]"),
            v4 => v4.to_string(),
        };
        Place { host, port: Some(port) }
    }

    /// For `--host-name`: a `host[:port]`, or one line saying what is.
    pub fn flag(text: &str) -> Result<Place, String> {
        Place::parse(text)
            .ok_or_else(|| format!("'{text}' is not a host name: give a name or address, with :port if it must be that one (kiosk.lan, kiosk.lan:8080)"))
    }
}

/// An origin, `scheme://host[:port]` (a page's, in its requests' `Origin`),
/// lowercase; its port the scheme's when not given (http 80, https 443).
#[derive(Clone, Debug, PartialEq)]
pub struct Origin {
    /// `http`, `https`, ..., lowercase.
    pub scheme: String,
    /// The host and port.
    pub place: Place,
}

impl Origin {
    /// `scheme://host[:port]` (one `/` after it taken too), or `None`.
    pub fn parse(text: &str) -> Option<Origin> {
        let (scheme, rest) = text.split_once("://")?;
        let scheme = scheme.to_ascii_lowercase();
        let mut place = Place::parse(rest.strip_suffix('/').unwrap_or(rest))?;
        let default = match scheme.as_str() {
            "http" | "ws" => Some(80),
            "https" | "wss" => Some(443),
            _ => None,
        };
        place.port = place.port.or(default);
        let name = |c: char| c.is_ascii_alphanumeric() || "+-.".contains(c);
        (!scheme.is_empty() && scheme.chars().all(name)).then_some(Origin { scheme, place })
    }

    /// For `--allow-origin`: an origin, or one line saying what is.
    pub fn flag(text: &str) -> Result<Origin, String> {
        Origin::parse(text)
            .ok_or_else(|| format!("'{text}' is not an origin: give scheme://host[:port], as the browser's address bar shows it (http://kiosk.lan:8080)"))
    }
}

/// The connection's local address: the address a request reached.
#[derive(Clone, Copy, Debug)]
struct Local(std::net::SocketAddr);

/// Whether `--bind` keeps the pages to this computer: every address the
/// name stands for is loopback (a name that does not resolve is left for
/// the bind to refuse).
pub fn loopback(bind: &str) -> bool {
    use std::net::ToSocketAddrs;
    (bind, 0).to_socket_addrs().map_or(true, |mut addresses| addresses.all(|a| a.ip().is_loopback()))
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

    /// Whether `place` names this server, reached at `local`: the bound
    /// address and `local`, `localhost`, `127.0.0.1` and `[::1]`, each at
    /// the port; for a `Host` (`host`) also the hosts of `--allow-origin`
    /// and the `--host-name`s (without a port, at any). A place without a
    /// port (a `Host` that gave none) is at any.
    fn ours(&self, place: &Place, local: std::net::SocketAddr, host: bool) -> bool {
        let port = Some(local.port());
        let bound = match self.options.bind.parse::<std::net::IpAddr>() {
            Ok(ip) if ip.is_unspecified() => None,
            Ok(ip) => Some(Place::of(ip, local.port())),
            Err(_) => Some(Place { host: self.options.bind.to_ascii_lowercase(), port }),
        };
        let loopback = ["localhost", "127.0.0.1", "[::1]"].map(|h| Place { host: h.to_string(), port });
        let access = &self.options.access;
        let named = access.allow_origins.iter().map(|o| &o.place).chain(&access.host_names).filter(|_| host);
        let reached = Place::of(local.ip(), local.port());
        let mut places = bound.iter().chain([&reached]).chain(&loopback).chain(named);
        places.any(|p| p.host == place.host && (p.port.is_none() || place.port.is_none() || p.port == place.port))
    }

    /// Whether a page of `origin` (its `Origin` header) may open a socket
    /// at `local`: the server's own (http), one of `--allow-origin`, or any
    /// with `--any-origin`.
    fn admits(&self, origin: &str, local: std::net::SocketAddr) -> bool {
        let access = &self.options.access;
        access.any_origin
            || Origin::parse(origin).is_some_and(|o| (o.scheme == "http" && self.ours(&o.place, local, false)) || access.allow_origins.contains(&o))
    }
}

/// The assets every page loads, compiled into the binary; each machine's
/// drawing is its registry entry's `page`, served as `<name>.js`.
const ASSETS: [(&str, &str, &str); 2] =
    [("panel.js", "text/javascript", include_str!("page/panel.js")), ("style.css", "text/css", include_str!("page/style.css"))];

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
            .layer(axum::middleware::from_fn_with_state(shared.clone(), named))
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
        let local = stream.local_addr().ok().map(Local);
        let service = tower::ServiceExt::map_request(app.clone(), move |mut request: axum::extract::Request<hyper::body::Incoming>| {
            if let Some(local) = local {
                request.extensions_mut().insert(local);
            }
            request
        });
        let service = hyper_util::service::TowerToHyperService::new(service);
        let connection = http.serve_connection(TokioIo::new(stream), service).with_upgrades();
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
        });
    }
}

/// Every request: served when its `Host` names this server (or it gives
/// none: no browser's), else refused with 421 and a line on stderr.
async fn named(State(shared): State<Arc<Shared>>, request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let local = request.extensions().get::<Local>().map_or(std::net::SocketAddr::from(([0, 0, 0, 0], 0)), |l| l.0);
    // An absolute-form request's authority stands for its Host.
    let host = match request.uri().authority() {
        Some(authority) => Some(authority.as_str()),
        None => request.headers().get(header::HOST).map(|h| h.to_str().unwrap_or("(not text)")),
    };
    match host {
        Some(host) if !Place::parse(host).is_some_and(|place| shared.ours(&place, local, true)) => {
            eprintln!(
                "nimforge serve: refused {} {}: Host {host} is not one of this server's names (another site's, or one to give --host-name)",
                request.method(),
                request.uri().path()
            );
            let text = format!("This server does not answer to {host}; open it at the address it printed, or start it with --host-name {host}.");
            message(StatusCode::MISDIRECTED_REQUEST, "Not this server", &text)
        }
        _ => next.run(request).await,
    }
}

/// A page of one message, with its status.
fn message(status: StatusCode, title: &str, text: &str) -> Response {
    let html = Notice { title, text }.render().unwrap_or_else(|e| e.to_string());
    (status, Html(html)).into_response()
}

async fn index(State(shared): State<Arc<Shared>>) -> Response {
    let machines = shared.machines().into_iter().map(|name| (name, crate::machines::find(name).map_or("", |m| (m.front)().face().layout.title))).collect();
    let transport = match &shared.options.serial {
        Some((device, machine)) => format!("{machine} on a board at {device}, one visitor at a time"),
        None => "each page plays its own board wrapper's rust-hdl simulation, cycle by cycle".to_string(),
    };
    let html = Index { machines, transport, sessions: shared.limit() }.render().unwrap_or_else(|e| e.to_string());
    Html(html).into_response()
}

/// The machine called `name` among those served, or the page saying so
/// (the page is the error: a response, large, made once a request).
#[allow(clippy::result_large_err)]
fn served(shared: &Shared, name: &str) -> Result<&'static crate::machines::Entry, Response> {
    let known = shared.machines();
    match known.iter().find(|m| **m == name) {
        Some(_) => crate::machines::find(name).map_err(|e| message(StatusCode::NOT_FOUND, "No such machine", &e.to_string())),
        None => Err(message(StatusCode::NOT_FOUND, "No such machine", &format!("'{name}' is not served here: choose one of {}", known.join(", ")))),
    }
}

/// The page shown when every session is taken.
fn full(shared: &Shared) -> Response {
    let text = format!("All {} machines are in use by other visitors. Try again when one of them closes its page.", shared.limit());
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

async fn socket(
    State(shared): State<Arc<Shared>>,
    Path(name): Path<String>,
    axum::Extension(Local(local)): axum::Extension<Local>,
    headers: axum::http::HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("(not text)");
        if !shared.admits(origin, local) {
            eprintln!(
                "nimforge serve: refused a socket to {name} from a page of {origin}: not this server's origin (another site's, or one to give --allow-origin)"
            );
            let text = format!("Only this server's own pages may play its machines, not a page of {origin}.");
            return message(StatusCode::FORBIDDEN, "Not this server's page", &text);
        }
    }
    let entry = match served(&shared, &name) {
        Ok(e) => e,
        Err(page) => return page,
    };
    let Some(seat) = shared.seat() else {
        return full(&shared);
    };
    let serial = shared.options.serial.as_ref().map(|(device, _)| device.clone());
    let watch = Watch::new(&shared.options);
    upgrade.max_message_size(MOST_MESSAGE).max_frame_size(MOST_MESSAGE).on_upgrade(move |ws| bridge(ws, entry, serial, seat, watch))
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
    let machine =
        std::thread::Builder::new().name(format!("{}-session", entry.name)).spawn(move || session::run(entry, serial.as_deref(), from_page, to_page, seat));
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
