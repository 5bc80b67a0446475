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
//! simulation. The server binds to 127.0.0.1 unless `--bind` says otherwise.

pub mod session;

use askama::Template;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

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
}

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
        let shared = Arc::new(Shared { options, running: AtomicUsize::new(0) });
        let app = Router::new()
            .route("/", get(index))
            .route("/machine/{name}", get(page))
            .route("/ws/{name}", get(socket))
            .route("/static/{file}", get(asset))
            .fallback(|| async { message(StatusCode::NOT_FOUND, "Not here", "No such page: the machines are listed on the index, /.") })
            .with_state(shared);
        ready(local);
        axum::serve(listener, app).await.map_err(|e| format!("the web server stopped: {e}").into())
    })
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
    upgrade.on_upgrade(move |ws| bridge(ws, entry, serial, seat))
}

/// One page's session: the socket's messages to the machine, its reports
/// to the socket, until either side ends.
async fn bridge(mut ws: WebSocket, entry: &'static crate::machines::Entry, serial: Option<String>, seat: Seat) {
    let (to_machine, from_page) = std::sync::mpsc::channel();
    let (to_page, mut from_machine) = tokio::sync::mpsc::unbounded_channel();
    let machine = std::thread::Builder::new()
        .name(format!("{}-session", entry.name))
        .spawn(move || session::run(entry, serial.as_deref(), from_page, to_page, seat));
    if let Err(e) = machine {
        let _ = ws.send(Message::Text(session::error(&format!("cannot start a session: {e}")).into())).await;
        return;
    }
    // A ping now and then finds a page that went without closing.
    let mut ping = tokio::time::interval(std::time::Duration::from_secs(10));
    loop {
        tokio::select! {
            _ = ping.tick() => {
                if ws.send(Message::Ping(Vec::new().into())).await.is_err() {
                    break;
                }
            }
            out = from_machine.recv() => match out {
                Some(text) => {
                    if ws.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                None => break,
            },
            incoming = ws.recv() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    if to_machine.send(text.to_string()).is_err() {
                        break;
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            },
        }
    }
    // Dropping `to_machine` ends the session's thread, and with it the
    // simulation; the seat is given back when the thread ends.
}
