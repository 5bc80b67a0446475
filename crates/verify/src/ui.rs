//! What `verify` shows while it works: a line per running job (machine,
//! level, share done, time left) on a terminal, through indicatif; nothing
//! with `--json` or when standard error is not a terminal.

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

pub use crate::levels::lanes::Progress;

/// The display, shared by every job of a run.
pub struct Ui {
    multi: Option<MultiProgress>,
    json: bool,
}

impl Ui {
    /// Bars on a terminal unless `json`.
    pub fn new(json: bool) -> Ui {
        let multi = (!json && std::io::stderr().is_terminal()).then(|| MultiProgress::with_draw_target(ProgressDrawTarget::stderr_with_hz(4)));
        Ui { multi, json }
    }

    /// Progress bars while the levels run, when standard error is a
    /// terminal (nothing otherwise); the run's own lines on standard
    /// output. What a `main` of one's own wants: `Ui::new(false)`.
    pub fn terminal() -> Ui {
        Ui::new(false)
    }

    /// A quiet display, for tests: no bars, the run's own lines on
    /// standard error.
    pub fn quiet() -> Ui {
        Ui { multi: None, json: true }
    }

    /// A line of the run's own text: standard output (standard error with
    /// `--json`, where standard output is only JSON), above the bars.
    pub fn say(&self, line: &str) {
        match (&self.multi, self.json) {
            (Some(m), _) => {
                m.suspend(|| println!("{line}"));
            }
            (None, true) => eprintln!("{line}"),
            (None, false) => println!("{line}"),
        }
    }

    /// A job whose share done is not known (an external simulator): a
    /// spinner with its time so far.
    pub fn job(&self, name: &str) -> Job {
        let bar = self.multi.as_ref().map(|m| {
            let b = m.add(ProgressBar::new_spinner());
            b.set_style(ProgressStyle::with_template("{spinner} {msg} {elapsed}").expect("a valid template"));
            b.set_message(name.to_string());
            b.enable_steady_tick(Duration::from_millis(250));
            b
        });
        Job { bar, stop: None }
    }

    /// A job that counts its work in `progress`: a bar with the share done
    /// and the time left.
    pub fn counted(&self, name: &str, progress: Arc<Progress>) -> Job {
        let Some(m) = &self.multi else { return Job { bar: None, stop: None } };
        let bar = m.add(ProgressBar::new(1));
        bar.set_style(ProgressStyle::with_template("{msg} [{bar:30}] {percent:>3}% {elapsed} (left {eta})").expect("a valid template").progress_chars("=> "));
        bar.set_message(name.to_string());
        let stop = Arc::new(AtomicBool::new(false));
        let (b, s) = (bar.clone(), stop.clone());
        std::thread::spawn(move || {
            while !s.load(Ordering::Relaxed) {
                let total = progress.total.load(Ordering::Relaxed).max(1) as u64;
                b.set_length(total);
                b.set_position((progress.done.load(Ordering::Relaxed) as u64).min(total));
                std::thread::sleep(Duration::from_millis(250));
            }
        });
        Job { bar: Some(bar), stop: Some(stop) }
    }
}

/// A running job's line; it goes when the job is dropped.
pub struct Job {
    bar: Option<ProgressBar>,
    stop: Option<Arc<AtomicBool>>,
}

impl Drop for Job {
    fn drop(&mut self) {
        if let Some(s) = &self.stop {
            s.store(true, Ordering::Relaxed);
        }
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
