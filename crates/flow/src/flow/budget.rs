//! A thread's budget for its work and the tools it runs (`nimforge check
//! --timeout`): CPU time, a ceiling on the wall, and a flag another thread
//! may raise to stop it. Each is the calling thread's own, so that two
//! checks in one process keep their budgets apart.
//!
//! CPU time is the clock of a budget that does not depend on the host's
//! load. A thread's *spent* time is its own CPU time and that of every
//! tool it ran ([`super::Tool::run`]: the tool's whole process group, so
//! yosys's own ABC too). On a busy host a check takes longer on the wall,
//! but the work it does within its budget, and so its verdict, stays about
//! the same (the same check measured 4.8 s of CPU alone and 6.8 s beside
//! six busy loops on two cores, where caches and frequency are shared; on
//! the wall it was 2.7 s against 17.6 s).
//!
//! A tool run past the thread's CPU limit ([`limit_cpu`]) or its ceiling
//! ([`set_ceiling`]), or once its flag is raised ([`set_stop`]), is stopped
//! as one past its own `by` ([`super::Tool::run_with`]) is.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

thread_local! {
    /// The CPU time of the tools this thread ran to their end.
    static TOOLS: Cell<Duration> = const { Cell::new(Duration::ZERO) };
    /// The thread's CPU limit, on its [`spent`] clock.
    static LIMIT: Cell<Option<Duration>> = const { Cell::new(None) };
    /// The thread's ceiling on the wall.
    static CEILING: Cell<Option<Instant>> = const { Cell::new(None) };
    /// The flag that stops the thread's tools when raised.
    static STOP: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// The calling thread's own CPU time (user and system).
pub fn thread_time() -> Duration {
    #[cfg(unix)]
    {
        let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: clock_gettime writes the timespec it is given, which lives
        // for the call.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return Duration::new(t.tv_sec as u64, t.tv_nsec as u32);
        }
    }
    Duration::ZERO
}

/// What the calling thread has spent: its own CPU time and its tools'.
pub fn spent() -> Duration {
    thread_time() + TOOLS.with(Cell::get)
}

/// Counts a tool's CPU time to the calling thread ([`spent`]).
pub(super) fn add_tool_time(t: Duration) {
    TOOLS.with(|c| c.set(c.get() + t));
}

/// Sets the calling thread's CPU limit to `within` more than it has spent
/// now, or clears it (`None`).
pub fn limit_cpu(within: Option<Duration>) {
    let at = within.map(|w| spent() + w);
    LIMIT.with(|l| l.set(at));
}

/// Runs `f` with the calling thread's CPU limit at most `cap` past what it
/// has spent now (and never past the limit it had), then puts back the
/// limit it had: a cap on one step's CPU time (its tools'), which a busy
/// host does not shorten as a cap on the wall would.
pub fn within_cpu<T>(cap: Duration, f: impl FnOnce() -> T) -> T {
    /// Puts the limit back however `f` ends.
    struct Restore(Option<Duration>);
    impl Drop for Restore {
        fn drop(&mut self) {
            LIMIT.with(|l| l.set(self.0));
        }
    }
    let before = cpu_limit();
    let _restore = Restore(before);
    let at = spent() + cap;
    LIMIT.with(|l| l.set(Some(before.map_or(at, |b| b.min(at)))));
    f()
}

/// The calling thread's CPU limit, on its [`spent`] clock, if one is set.
pub fn cpu_limit() -> Option<Duration> {
    LIMIT.with(Cell::get)
}

/// How much CPU time the calling thread may still spend; none where no
/// limit is set.
pub fn cpu_left() -> Option<Duration> {
    cpu_limit().map(|l| l.saturating_sub(spent()))
}

/// Whether the calling thread has spent its CPU limit.
pub fn cpu_out() -> bool {
    cpu_limit().is_some_and(|l| spent() >= l)
}

/// Sets (or clears) the calling thread's ceiling on the wall.
pub fn set_ceiling(at: Option<Instant>) {
    CEILING.with(|c| c.set(at));
}

/// The calling thread's ceiling on the wall, if one is set.
pub fn ceiling() -> Option<Instant> {
    CEILING.with(Cell::get)
}

/// Whether the calling thread's budget is spent: its CPU limit or its
/// ceiling on the wall.
pub fn out() -> bool {
    cpu_out() || ceiling().is_some_and(|c| Instant::now() >= c)
}

/// Sets (or clears) the flag whose raising stops the calling thread's
/// tools: threads that share one stop each other's (a check's walk and its
/// provers, the first to settle the pair).
pub fn set_stop(flag: Option<Arc<AtomicBool>>) {
    STOP.with(|s| *s.borrow_mut() = flag);
}

/// Whether the calling thread's flag is raised.
pub fn stopped() -> bool {
    STOP.with(|s| s.borrow().as_ref().is_some_and(|f| f.load(Ordering::Relaxed)))
}

/// Whether the calling thread has a budget of any kind, so that its tool
/// runs must be watched.
pub(super) fn watched() -> bool {
    cpu_limit().is_some() || ceiling().is_some() || STOP.with(|s| s.borrow().is_some())
}

/// Clears the calling thread's budget: its CPU limit, ceiling and flag.
pub fn clear() {
    limit_cpu(None);
    set_ceiling(None);
    set_stop(None);
}

/// The CPU time of the live processes of process group `group` (each one's
/// own and that of the children it has waited for), read from `/proc`; zero
/// where there is no `/proc`.
pub(super) fn group_time(group: u32) -> Duration {
    let Ok(dir) = std::fs::read_dir("/proc") else { return Duration::ZERO };
    let ticks = ticks_per_second();
    let mut sum = 0u64;
    for entry in dir.flatten() {
        let name = entry.file_name();
        if !name.to_string_lossy().bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        if let Some((pgrp, t)) = stat_times(&stat) {
            if pgrp == group {
                sum += t;
            }
        }
    }
    Duration::from_secs_f64(sum as f64 / ticks as f64)
}

/// From a `/proc/PID/stat` line: the process group, and utime + stime +
/// cutime + cstime in clock ticks (proc(5): fields 5 and 14 to 17; the
/// command's name, field 2, may hold spaces and parentheses, so the fields
/// are counted after its last `)`).
fn stat_times(stat: &str) -> Option<(u32, u64)> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let pgrp = f.get(2)?.parse().ok()?;
    let t = f.get(11..15)?.iter().map(|v| v.parse::<i64>().unwrap_or(0).max(0) as u64).sum();
    Some((pgrp, t))
}

/// The kernel's clock ticks a second (`sysconf(_SC_CLK_TCK)`), 100 where it
/// cannot say.
fn ticks_per_second() -> u64 {
    #[cfg(unix)]
    {
        // SAFETY: sysconf reads a constant of the system.
        let t = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
        if t > 0 {
            return t as u64;
        }
    }
    100
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stat line whose command holds a space and a parenthesis.
    #[test]
    fn stat_times_count_after_the_command() {
        let line = "4242 (yosys (abc) x) R 4200 4242 4200 0 -1 4194304 100 0 0 0 250 30 7 3 20 0 1 0 123 0 0";
        assert_eq!(stat_times(line), Some((4242, 250 + 30 + 7 + 3)));
        assert_eq!(stat_times("garbage"), None);
    }

    /// A busy loop spends the thread's CPU, and a limit set is spent.
    #[test]
    fn a_thread_spends_its_limit() {
        limit_cpu(Some(Duration::from_millis(30)));
        assert!(!out());
        let t0 = spent();
        let mut x = 0u64;
        while spent() < t0 + Duration::from_millis(40) {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
        }
        std::hint::black_box(x);
        assert!(out() && cpu_out());
        limit_cpu(None);
        assert!(!out() && cpu_limit().is_none());
    }

    /// A tool whose child spins (a process of its group, as yosys's ABC)
    /// is stopped at the thread's limit, by CPU time, and that time is the
    /// thread's; one that ends within it is counted too.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_tool_is_stopped_at_the_limit_and_counted() {
        let sh = super::super::Tool::new("sh");
        let dir = std::env::temp_dir();
        limit_cpu(Some(Duration::from_millis(400)));
        let t0 = (spent(), std::time::Instant::now());
        let e = sh.run(&["-c", "sh -c 'while :; do :; done'; true"], &dir, "spinning").unwrap_err();
        assert!(e.to_string().contains("the time budget ran out"), "{e}");
        assert!(out(), "spent {:?}", spent() - t0.0);
        assert!(t0.1.elapsed() < Duration::from_secs(30));
        limit_cpu(Some(Duration::from_secs(30)));
        let before = spent();
        sh.run(&["-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done"], &dir, "counting").unwrap();
        assert!(spent() - before >= Duration::from_millis(20), "{:?}", spent() - before);
        limit_cpu(None);
    }

    /// A step's cap in CPU time stops its tool, and the thread's own limit
    /// is as it was after, with time left: the caps of ABC's steps.
    #[cfg(unix)]
    #[test]
    fn a_step_is_stopped_at_its_cap_and_the_limit_put_back() {
        let sh = super::super::Tool::new("sh");
        let dir = std::env::temp_dir();
        limit_cpu(Some(Duration::from_secs(60)));
        let limit = cpu_limit();
        let t0 = std::time::Instant::now();
        let e = within_cpu(Duration::from_millis(400), || sh.run(&["-c", "sh -c 'while :; do :; done'; true"], &dir, "spinning")).unwrap_err();
        assert!(e.to_string().contains("the time budget ran out"), "{e}");
        assert!(t0.elapsed() < Duration::from_secs(30));
        assert_eq!(cpu_limit(), limit);
        assert!(!out());
        // Within the thread's limit: a cap past it is the limit.
        limit_cpu(Some(Duration::from_millis(300)));
        let limit = cpu_limit();
        within_cpu(Duration::from_secs(60), || assert_eq!(cpu_limit(), limit));
        limit_cpu(None);
        within_cpu(Duration::from_secs(1), || assert!(cpu_limit().is_some()));
        assert_eq!(cpu_limit(), None);
    }

    /// A raised flag stops the tools of the threads that hold it, and no
    /// other thread's: two checks in one process keep their budgets apart.
    #[cfg(unix)]
    #[test]
    fn a_flag_stops_its_own_threads_tools_only() {
        let flag = Arc::new(AtomicBool::new(false));
        let sleep = |flag: Option<Arc<AtomicBool>>| {
            std::thread::spawn(move || {
                set_stop(flag);
                let t0 = Instant::now();
                let ran = super::super::Tool::new("sh").run(&["-c", "sleep 3"], &std::env::temp_dir(), "sleeping");
                (ran.map_err(|e| e.to_string()), t0.elapsed())
            })
        };
        let (held, apart) = (sleep(Some(flag.clone())), sleep(None));
        std::thread::sleep(Duration::from_millis(300));
        flag.store(true, Ordering::Relaxed);
        let (held, apart) = (held.join().unwrap(), apart.join().unwrap());
        assert!(held.0.as_ref().is_err_and(|e| e.contains("stopped")), "{held:?}");
        assert!(held.1 < Duration::from_secs(2), "{held:?}");
        assert!(apart.0.is_ok() && apart.1 >= Duration::from_secs(3), "{apart:?}");
    }
}
