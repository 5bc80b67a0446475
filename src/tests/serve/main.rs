//! `nimforge serve` as a visitor uses it (issue 24): the built command
//! serves the pages, Debian's Chromium (headless, driven through
//! chromedriver over WebDriver) opens each machine's page, plays a whole
//! game by clicking the page's buttons and reading its lamps and readouts,
//! checks the machine's illegal indication after a refused click and the
//! winner at the end, and saves a screenshot of each machine into
//! `build/serve/` (`docs/serve-<machine>.png` are copies of them).
//!
//! The players know the games, not the page's code: one module a machine.
//! Without chromium and chromedriver the tests say so and pass, except
//! under CI (`CI=true`), where that is a failure: `.ci/deps` installs them.

#[path = "../players.rs"]
mod players;
pub use players::{nim_move, search_cycles};

mod die18;
mod learning;
mod limits;
mod nimatron;
mod nimrod;
mod origin;
mod relay_nim;
mod wilson;

use fantoccini::{Client, ClientBuilder};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The longest wait for the page to show something.
const PATIENCE: Duration = Duration::from_secs(30);

/// `nimforge serve --port 0` with more arguments, ended when dropped.
pub struct Server {
    child: Child,
    address: String,
    /// What it has written to stderr, its log (passed on to the test's).
    log: Arc<Mutex<String>>,
}

impl Server {
    /// Starts the built command and reads the address it prints.
    pub fn start(extra_args: &[&str]) -> Server {
        let mut args = vec!["serve", "--port", "0"];
        args.extend_from_slice(extra_args);
        let mut child =
            Command::new(env!("CARGO_BIN_EXE_nimforge")).args(&args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("nimforge serve starts");
        let log = Arc::new(Mutex::new(String::new()));
        let (stderr, kept) = (child.stderr.take().unwrap(), log.clone());
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                eprintln!("{line}");
                kept.lock().unwrap().push_str(&(line + "\n"));
            }
        });
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        let address = first.split_whitespace().find(|w| w.starts_with("http://")).unwrap_or_else(|| panic!("no address in '{first}'")).to_string();
        Server { child, address, log }
    }

    /// What the server has written to stderr so far.
    pub fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// The server's address, ending in `/`.
    pub fn address(&self) -> &str {
        &self.address
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The server, chromedriver and a browser session, ended when dropped.
pub struct Browser {
    server: Server,
    driver: Child,
    client: Option<Client>,
}

impl Drop for Browser {
    fn drop(&mut self) {
        // chromedriver and the chromium it started (renderers and all) are
        // one process group: end it whole, or the browsers outlive the test.
        // Safety: a signal to the group this test made.
        unsafe { libc::kill(-(self.driver.id() as i32), libc::SIGKILL) };
        let _ = self.driver.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// The browser, or `None` (with a note) when this machine has none and
/// this is not CI.
pub async fn browser(extra_args: &[&str]) -> Option<Browser> {
    let have = |p: &str| std::path::Path::new(p).exists();
    let (chromium, chromedriver) = ("/usr/bin/chromium", "/usr/bin/chromedriver");
    if !have(chromium) || !have(chromedriver) {
        let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
        assert!(!ci, "CI needs Debian's chromium and chromium-driver for the browser tests (.ci/deps installs them)");
        eprintln!("skipped: no {chromium} or {chromedriver} (apt-get install chromium chromium-driver)");
        return None;
    }
    let server = Server::start(extra_args);
    let port = free_port();
    let mut driver = Command::new(chromedriver);
    driver.arg(format!("--port={port}")).stdout(Stdio::null()).stderr(Stdio::null());
    let driver = std::os::unix::process::CommandExt::process_group(&mut driver, 0).spawn().expect("chromedriver starts");
    let mut b = Browser { server, driver, client: None };
    let caps = serde_json::json!({
        "goog:chromeOptions": {
            "binary": chromium,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--window-size=1200,860", "--disable-dev-shm-usage"],
        }
    });
    let caps: serde_json::Map<String, serde_json::Value> = caps.as_object().unwrap().clone();
    let start = Instant::now();
    loop {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector).capabilities(caps.clone()).connect(&format!("http://127.0.0.1:{port}")).await {
            Ok(c) => {
                b.client = Some(c);
                return Some(b);
            }
            Err(e) if start.elapsed() > PATIENCE => panic!("chromedriver did not take a session: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

impl Browser {
    pub fn client(&self) -> &Client {
        self.client.as_ref().unwrap()
    }

    /// The server's address, ending in `/`.
    pub fn address(&self) -> &str {
        self.server.address()
    }

    /// Opens `path` and waits for the page to have drawn a report.
    pub async fn open(&self, machine: &str) {
        self.client().goto(&format!("{}machine/{machine}", self.address())).await.unwrap();
        self.wait(&format!("{machine}'s first report"), "return +(document.body.dataset.reports || 0) > 0").await;
    }

    /// The value of a script (`return ...`).
    pub async fn eval(&self, script: &str) -> serde_json::Value {
        self.client().execute(script, vec![]).await.unwrap_or_else(|e| panic!("{script}: {e}"))
    }

    /// Waits until the page has shown every report it received and the
    /// script returns true; fails naming `what` and saving a screenshot.
    pub async fn wait(&self, what: &str, script: &str) {
        let full = format!("if (+(document.body.dataset.queued || 0) > 0) return false; {script}");
        let start = Instant::now();
        while start.elapsed() < PATIENCE {
            if self.eval(&full).await == serde_json::Value::Bool(true) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
        self.screenshot("timeout").await;
        panic!("waited {PATIENCE:?} for {what}; the page is in build/serve/timeout.png; its text:\n{}", self.text().await);
    }

    /// The page's text.
    pub async fn text(&self) -> String {
        self.eval("return document.body.innerText").await.as_str().unwrap_or_default().to_string()
    }

    /// Clicks the button labelled `label`.
    pub async fn click(&self, label: &str) {
        let css = format!("[data-button=\"{label}\"]");
        let b = self.client().find(fantoccini::Locator::Css(&css)).await.unwrap_or_else(|e| panic!("no button {label}: {e}"));
        b.click().await.unwrap_or_else(|e| panic!("clicking {label}: {e}"));
    }

    /// Types `keys` into the page, as a visitor at its keyboard.
    pub async fn keys(&self, keys: &str) {
        let body = self.client().find(fantoccini::Locator::Css("body")).await.unwrap();
        body.send_keys(keys).await.unwrap_or_else(|e| panic!("typing {keys:?}: {e}"));
    }

    /// How many lamps whose name starts with `prefix` are lit.
    pub async fn lit(&self, prefix: &str) -> usize {
        let script = format!("return document.querySelectorAll('[data-lamp^=\"{prefix}\"].lit').length");
        self.eval(&script).await.as_u64().unwrap() as usize
    }

    /// The readout called `name`.
    pub async fn readout(&self, name: &str) -> String {
        let script = format!("const e = document.querySelector('[data-readout=\"{name}\"]'); return e ? e.textContent : null");
        self.eval(&script).await.as_str().unwrap_or_else(|| panic!("no readout {name}")).to_string()
    }

    /// Waits until the script returns true, whether or not reports are
    /// still queued (a machine that runs on and on).
    pub async fn wait_shown(&self, what: &str, script: &str) {
        let start = Instant::now();
        while self.eval(script).await != serde_json::Value::Bool(true) {
            if start.elapsed() > PATIENCE {
                self.screenshot("timeout").await;
                panic!("waited {PATIENCE:?} for {what}; the page is in build/serve/timeout.png; its text:\n{}", self.text().await);
            }
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }

    /// Waits for the machine's illegal indication.
    pub async fn wait_illegal(&self, what: &str) {
        self.wait(what, "return !document.getElementById('illegal').hidden").await;
    }

    /// The illegal indication is showing.
    pub async fn illegal(&self) -> bool {
        self.eval("return !document.getElementById('illegal').hidden").await == serde_json::Value::Bool(true)
    }

    /// Saves the page as `build/serve/<name>.png`.
    pub async fn screenshot(&self, name: &str) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("build/serve");
        std::fs::create_dir_all(&dir).unwrap();
        if let Ok(png) = self.client().screenshot().await {
            std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
        }
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
}

/// A test for each machine: its game, played by `module::play`.
macro_rules! games {
    ($($test:ident => $module:ident),* $(,)?) => {$(
        #[test]
        fn $test() {
            runtime().block_on(async {
                let Some(b) = browser(&[]).await else { return };
                $module::play(&b).await;
            });
        }
    )*};
}

games!(
    relay_nim_in_the_browser => relay_nim,
    nimatron_in_the_browser => nimatron,
    nimrod_in_the_browser => nimrod,
    learning_in_the_browser => learning,
    die18_in_the_browser => die18,
    wilson_in_the_browser => wilson,
);

/// The terminal's keys work on the pages too: the relay NIM's TAKE and
/// Nimrod's heap cursor (Tab) and "leave n" digits, NEW GAME (`n`).
#[test]
fn keys_work_as_in_the_terminal() {
    runtime().block_on(async {
        let Some(b) = browser(&[]).await else { return };
        b.open("relay-nim").await;
        b.wait("every pile full", "return document.querySelectorAll('[data-lamp^=\"pile \"].lit').length === 21").await;
        b.keys("abb").await;
        b.wait("A 6, B 5", "return document.querySelectorAll('[data-lamp^=\"pile A \"].lit').length === 6 && document.querySelectorAll('[data-lamp^=\"pile B \"].lit').length === 5").await;
        b.open("nimrod").await;
        b.keys("n").await;
        let heap = |h: usize| format!("document.querySelectorAll('[data-lamp^=\"matches {h} \"].lit').length");
        b.wait("the heaps filled", &format!("return {} === 7 && {} === 7", heap(0), heap(2))).await;
        b.keys("\u{e004}\u{e004}3").await;
        b.wait("heap 2 left at 3", &format!("return {} === 3 && {} === 7", heap(2), heap(0))).await;
    });
}

/// A plain HTTP GET of `path`: the status code and the body.
pub fn get(address: &str, path: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let host = address.trim_start_matches("http://").trim_end_matches('/');
    let mut s = std::net::TcpStream::connect(host).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    (status, text.split("\r\n\r\n").nth(1).unwrap_or_default().to_string())
}

/// With `--sessions 1`, a second visitor gets a page saying every machine
/// is busy (status 503) while the first page plays; when the first page
/// closes, its session and simulation end and the next visitor gets a
/// machine. An unknown machine is a page that names the machines (404).
#[test]
fn sessions_are_limited_and_end_with_their_page() {
    runtime().block_on(async {
        let Some(b) = browser(&["--sessions", "1"]).await else { return };
        let (status, body) = get(b.address(), "/machine/wilson");
        assert_eq!(status, 200, "{body}");
        b.open("relay-nim").await;
        let (status, body) = get(b.address(), "/machine/wilson");
        assert!(status == 503 && body.contains("All 1 machines are in use"), "{status} {body}");
        b.client().goto("about:blank").await.unwrap();
        let start = Instant::now();
        while get(b.address(), "/machine/wilson").0 != 200 {
            assert!(start.elapsed() < PATIENCE, "the closed page's session did not end");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let (status, body) = get(b.address(), "/machine/die19");
        assert!(status == 404 && body.contains("choose one of relay-nim"), "{status} {body}");
        let (status, body) = get(b.address(), "/");
        assert!(status == 200 && body.contains("/machine/nimrod") && body.contains("1 at once"), "{status} {body}");
    });
}

/// A page that sends nothing for `--idle-timeout` loses its session: it
/// says why and offers to reconnect, which brings it a new machine.
#[test]
fn a_quiet_page_is_told_why_and_reconnects() {
    runtime().block_on(async {
        let Some(b) = browser(&["--idle-timeout", "2"]).await else { return };
        b.open("relay-nim").await;
        b.wait_shown("the session's end", "return document.body.dataset.ended === '1'").await;
        let text = b.text().await;
        assert!(text.contains("the session ended: no key pressed for 2 s"), "{text}");
        assert_eq!(b.eval("return !document.getElementById('reconnect').hidden").await, serde_json::Value::Bool(true));
        b.screenshot("quiet").await;
        b.client().find(fantoccini::Locator::Css("#reconnect")).await.unwrap().click().await.unwrap();
        b.wait_shown("a new machine's report", "return +(document.body.dataset.reports || 0) > 0 && !document.body.dataset.ended").await;
    });
}

/// With `--serial`, the page plays a board: here a pseudo-terminal whose
/// other end the test holds. The page skips a line cut short (it says so),
/// draws the line at configuration, sends a click as its one key byte and
/// draws the board's next line; when the board goes, the page says the
/// session has ended.
#[test]
fn a_board_on_a_serial_line() {
    use portable_pty::{native_pty_system, PtySize};
    use std::io::{Read, Write};
    let line = native_pty_system().openpty(PtySize { rows: 24, cols: 80, pixel_width: 0, pixel_height: 0 }).unwrap();
    let device = line.master.tty_name().expect("the line's device name");
    let mut board_in = line.master.try_clone_reader().unwrap();
    let mut board_out = line.master.take_writer().unwrap();
    let (tx, keys) = std::sync::mpsc::channel();
    // The board reads one key, then lets go of the line's far end, so that
    // dropping it below takes the board away.
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 64];
        if let Ok(n) = board_in.read(&mut buf) {
            let _ = tx.send(buf[..n].to_vec());
        }
    });
    runtime().block_on(async {
        let device = device.to_str().unwrap().to_string();
        let Some(b) = browser(&["--serial", &device, "--machine", "relay-nim"]).await else { return };
        let (status, body) = get(b.address(), "/machine/nimatron");
        assert!(status == 404 && body.contains("choose one of relay-nim"), "only the board's machine is served: {status} {body}");
        b.client().goto(&format!("{}machine/relay-nim", b.address())).await.unwrap();
        b.wait("the serial session", &format!("return document.getElementById('transport').textContent.includes('{device}')")).await;
        board_out.write_all(b"77\n0000777\n").unwrap();
        b.wait("the line at configuration", "return document.querySelectorAll('[data-lamp^=\"pile \"].lit').length === 21").await;
        assert!(b.text().await.contains("is not a report"), "the cut line is noted");
        b.click("TAKE B").await;
        let got = keys.recv_timeout(PATIENCE).expect("a byte on the line");
        assert_eq!(got, b"b");
        reader.join().unwrap();
        board_out.write_all(b"0000767\n").unwrap();
        b.wait("pile B one stone fewer", "return document.querySelectorAll('[data-lamp^=\"pile B \"].lit').length === 6").await;
        drop(board_out);
        drop(line);
        b.wait("the session's end", "return document.body.dataset.ended === '1'").await;
        assert!(b.text().await.contains("the session ended"), "{}", b.text().await);
    });
}
