//! `satpuz serve`: a local web server with pages to play the puzzles (the Inquest first) and a
//! JSON API under `/api/` behind them.
//!
//! Threads, not an async stack (axum + tokio): every request is CPU-bound solver work of a few
//! milliseconds on a machine with a couple of cores, so an event loop buys nothing. Each
//! connection is read on a thread of its own under a deadline (`http.rs` says why it is not a
//! crate's), checked for who sent it (`guard.rs`), then waits for one of `--workers` slots to
//! be worked on. Each API call runs on a thread of its own under a time limit: when the solver
//! does not answer in time the client gets 503, and the call's solves stop inside their search
//! (the embedded varisat takes an interrupt: `vendor/varisat/PATCHES.md`). Work outside a
//! solve is not interrupted, so how many calls may be late at once is still bounded: past that
//! the server answers 503 at once.
//!
//! Pages, styles and scripts are files under `src/serve/static/`, embedded in the binary: no
//! request path reaches the file system, and the pages work offline.

mod api;
mod grid;
mod guard;
mod http;
mod inquest;
mod jindosh;
mod pages;
mod portia;

use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::solve::stop::Stop;
use http::Method;

pub use api::{ApiError, ErrorReport};
pub use grid::{
    ClueMark, GridCategory, GridCheckReport, GridHintReport, GridLoadReport, GridSquare,
    QuestionPair,
};
pub use inquest::{CaseReport, CategoryColumn, VerdictReport};
pub use jindosh::{
    LockAnswerReport, LockReport, LockTryReport, LockWhyReport, Owner, SharedHeirloom,
    UnreadableSentence,
};
pub use portia::{CasketView, InscriptionTruth, PortiaReport, PortiaVerdictReport};

/// Largest request body accepted (larger: 413).
pub const MAX_BODY: usize = 1 << 20;

/// Most worker threads `--workers` may ask for: more than any machine has cores, and few
/// enough that starting them cannot exhaust the system's threads.
pub const MAX_WORKERS: usize = 256;

/// Solves that passed their time limit and are still running; past this many, API calls are
/// answered 503 at once instead of starting more.
const MAX_LATE: usize = 8;

/// How the server runs.
#[derive(Debug, Clone)]
pub struct Config {
    /// Address to listen on (`127.0.0.1:8080`; port 0 picks a free one).
    pub addr: SocketAddr,
    /// Requests worked on at once (1 to [`MAX_WORKERS`]); more wait their turn.
    pub workers: usize,
    /// How long one API call may take before the client is answered 503.
    pub time_limit: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            workers: std::thread::available_parallelism().map_or(2, |n| n.get().max(2)),
            time_limit: Duration::from_secs(10),
        }
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
#[error("cannot listen on {addr}: {reason}")]
pub struct StartError {
    /// The address asked for.
    pub addr: SocketAddr,
    /// What the system said.
    pub reason: String,
}

/// State shared by the connections.
pub(crate) struct Shared {
    time_limit: Duration,
    late: Arc<AtomicUsize>,
    pub(crate) cases: inquest::CaseCache,
}

/// What the network side shares: the work, who may call, and the slots that bound it.
struct Server {
    shared: Arc<Shared>,
    guard: guard::Guard,
    /// Open connections (at most [`MAX_CONNECTIONS`]; the next waits to be accepted).
    connections: Arc<http::Slots>,
    /// Requests at work (at most `Config::workers`): reading a request takes none.
    workers: Arc<http::Slots>,
    stopping: AtomicBool,
}

/// Most connections open at once, read or waiting for a worker; the next client waits in the
/// system's queue of unaccepted connections until one closes. A stalled client holds one for
/// at most [`http::REQUEST_DEADLINE`].
pub const MAX_CONNECTIONS: usize = 512;

/// A running server: its address, and a way to stop it.
pub struct Running {
    server: Arc<Server>,
    addr: SocketAddr,
    acceptor: Option<JoinHandle<()>>,
}

impl Running {
    /// The address it listens on (with the real port when port 0 was asked for).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's URL, `http://127.0.0.1:8080/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Blocks until the server is shut down (it never is, from outside the process).
    pub fn wait(mut self) {
        if let Some(acceptor) = self.acceptor.take() {
            let _ = acceptor.join();
        }
    }

    /// Stops taking connections and waits (a little longer than a request may take to
    /// arrive) for the open ones to be answered.
    pub fn shutdown(mut self) {
        self.server.stopping.store(true, Ordering::SeqCst);
        // Wakes the accept loop, which then sees `stopping`.
        let mut wake = self.addr;
        if wake.ip().is_unspecified() {
            wake.set_ip(match wake {
                SocketAddr::V4(_) => Ipv4Addr::LOCALHOST.into(),
                SocketAddr::V6(_) => Ipv6Addr::LOCALHOST.into(),
            });
        }
        let _ = TcpStream::connect_timeout(&wake, Duration::from_secs(1));
        if let Some(acceptor) = self.acceptor.take() {
            let _ = acceptor.join();
        }
        self.server
            .connections
            .wait_idle(http::REQUEST_DEADLINE + self.server.shared.time_limit);
    }
}

/// Starts listening, and serving with `config.workers` requests at work at once; returns at
/// once.
pub fn start(config: &Config) -> Result<Running, StartError> {
    let fail = |reason: String| StartError {
        addr: config.addr,
        reason,
    };
    if !(1..=MAX_WORKERS).contains(&config.workers) {
        return Err(fail(format!(
            "{} workers: give 1 to {MAX_WORKERS}",
            config.workers
        )));
    }
    let listener = TcpListener::bind(config.addr).map_err(|e| fail(e.to_string()))?;
    let addr = listener.local_addr().map_err(|e| fail(e.to_string()))?;
    let server = Arc::new(Server {
        shared: Service::new(config).shared,
        guard: guard::Guard::new(addr),
        connections: http::Slots::new(MAX_CONNECTIONS),
        workers: http::Slots::new(config.workers),
        stopping: AtomicBool::new(false),
    });
    let mine = Arc::clone(&server);
    let acceptor = std::thread::Builder::new()
        .name("satpuz-serve-accept".into())
        .spawn(move || accept_loop(&mine, &listener))
        .map_err(|e| fail(format!("cannot start a thread: {e}")))?;
    Ok(Running {
        server,
        addr,
        acceptor: Some(acceptor),
    })
}

/// Takes connections while a slot is free, each on a thread of its own.
fn accept_loop(server: &Arc<Server>, listener: &TcpListener) {
    loop {
        // Waits here while MAX_CONNECTIONS are open: the next stay in the system's queue.
        let slot = server.connections.take();
        let accepted = listener.accept();
        if server.stopping.load(Ordering::SeqCst) {
            return;
        }
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file descriptors or the like: wait for connections to close.
                drop(slot);
                std::thread::sleep(Duration::from_millis(20));
                continue;
            }
        };
        let mine = Arc::clone(server);
        // The slot goes with the connection to its thread; if no thread can be made, the
        // closure is dropped, closing the connection and giving the slot back.
        let _ = std::thread::Builder::new()
            .name("satpuz-serve-conn".into())
            .spawn(move || {
                let _slot = slot;
                serve_connection(&mine, stream);
            });
    }
}

/// A response before it is written: status, content type, body.
#[derive(Debug, Clone)]
pub struct Reply {
    /// HTTP status.
    pub status: u16,
    /// `Content-Type`.
    pub content_type: &'static str,
    /// The bytes sent.
    pub body: Vec<u8>,
}

impl Reply {
    fn json<T: serde::Serialize>(value: &T) -> Reply {
        match serde_json::to_vec(value) {
            Ok(body) => Reply {
                status: 200,
                content_type: "application/json",
                body,
            },
            Err(e) => ApiError::internal(format!("cannot write the answer: {e}")).reply(),
        }
    }
}

/// One connection: its request read by the deadline, refused or answered, then closed.
fn serve_connection(server: &Server, mut stream: TcpStream) {
    let deadline = Instant::now() + http::REQUEST_DEADLINE;
    let _ = stream.set_nodelay(true);
    let mut method = Method::Other;
    let reply: Result<Option<Reply>, ApiError> = (|| {
        let Some(mut incoming) = http::Incoming::read_head(&mut stream, deadline)? else {
            return Ok(None);
        };
        method = incoming.method;
        server.guard.check(&guard::Head {
            post: incoming.method == Method::Post,
            host: incoming.header("host"),
            origin: incoming.header("origin"),
            content_type: incoming.header("content-type"),
        })?;
        let body = incoming.read_body(&mut stream, MAX_BODY)?;
        let path = incoming.path();
        let _worker = server.workers.take();
        Ok(Some(if path.starts_with("/api/") {
            handle_api(&server.shared, incoming.method, path, body)
        } else {
            pages::page(&incoming.method, path)
        }))
    })();
    match reply {
        Ok(None) => {} // nothing asked: closed unanswered
        Ok(Some(reply)) => http::respond(stream, &reply, method == Method::Head),
        Err(refused) => http::respond(stream, &refused.reply(), method == Method::Head),
    }
}

/// The server's work without the network: what a worker does with a request once its body is
/// read. The benches time it in process; the workers share one.
pub struct Service {
    shared: Arc<Shared>,
}

impl Service {
    /// A service with the config's time limit and empty caches.
    pub fn new(config: &Config) -> Service {
        Service {
            shared: Arc::new(Shared {
                time_limit: config.time_limit,
                late: Arc::new(AtomicUsize::new(0)),
                cases: inquest::CaseCache::default(),
            }),
        }
    }

    /// A POST to an API path with this body.
    pub fn api(&self, path: &str, body: &[u8]) -> Reply {
        handle_api(&self.shared, Method::Post, path, body.to_vec())
    }

    /// A GET of a page or asset.
    pub fn page(&self, path: &str) -> Reply {
        pages::page(&Method::Get, path)
    }
}

type Handler = fn(&Shared, &[u8]) -> Result<Reply, ApiError>;

fn route(path: &str) -> Option<Handler> {
    Some(match path {
        "/api/inquest/deal" => inquest::deal_call,
        "/api/inquest/check" => inquest::check_call,
        "/api/inquest/hint" => inquest::hint_call,
        "/api/inquest/verdict" => inquest::verdict_call,
        "/api/grid/load" => grid::load_call,
        "/api/grid/check" => grid::check_call,
        "/api/grid/hint" => grid::hint_call,
        "/api/jindosh/read" => jindosh::read_call,
        "/api/jindosh/try" => jindosh::try_call,
        "/api/jindosh/why" => jindosh::why_call,
        "/api/jindosh/answer" => jindosh::answer_call,
        "/api/portia/deal" => portia::deal_call,
        "/api/portia/verdict" => portia::verdict_call,
        _ => return None,
    })
}

fn handle_api(shared: &Arc<Shared>, method: Method, path: &str, body: Vec<u8>) -> Reply {
    let Some(handler) = route(path) else {
        return ApiError {
            status: 404,
            field: None,
            message: format!("no API call `{path}`"),
        }
        .reply();
    };
    if method != Method::Post {
        return ApiError {
            status: 405,
            field: None,
            message: format!("`{path}` takes POST with a JSON body"),
        }
        .reply();
    }
    within_limit(shared, move |s| handler(s, &body)).unwrap_or_else(|e| e.reply())
}

/// Runs `work` on a thread of its own and waits at most the time limit for it. A panic in it
/// (a bug: none should be reachable) is a 500, not a dead worker.
fn within_limit(
    shared: &Arc<Shared>,
    work: impl FnOnce(&Shared) -> Result<Reply, ApiError> + Send + 'static,
) -> Result<Reply, ApiError> {
    let busy = || ApiError {
        status: 503,
        field: None,
        message: format!(
            "the solver did not answer within {:.1} s; try again, or a shorter case",
            shared.time_limit.as_secs_f64()
        ),
    };
    let late_now = shared.late.load(Ordering::SeqCst);
    if late_now >= MAX_LATE {
        return Err(ApiError {
            status: 503,
            field: None,
            message: format!(
                "the server is busy: {late_now} solves passed the time limit and are still running; try again soon"
            ),
        });
    }
    let (tx, rx) = mpsc::channel();
    let mine = Arc::clone(shared);
    // Every solve of the call stops at the time limit, inside the search
    // (`Stop::bound_solves`): the call's thread ends soon after its client is answered 503.
    let stop = Stop::new(Some(shared.time_limit));
    let bound = stop.clone();
    let spawned = std::thread::Builder::new()
        .name("satpuz-serve-call".into())
        .spawn(move || {
            let _bound = bound.bound_solves();
            let _ = tx.send(work(&mine));
        });
    if spawned.is_err() {
        return Err(busy());
    }
    match rx.recv_timeout(shared.time_limit) {
        // Past the limit its solves were stopped: an error is the limit's, not the input's, and
        // no answer is trusted that a stopped solve might have shaped.
        Ok(_) if stop.should_stop() => Err(busy()),
        Ok(result) => result,
        Err(mpsc::RecvTimeoutError::Timeout) => {
            // Its solves stop at their next conflict if the deadline has not told them yet.
            stop.interrupt();
            // Counted late until it ends: its result is dropped with the channel.
            let late = Arc::clone(&shared.late);
            late.fetch_add(1, Ordering::SeqCst);
            let counted = Arc::clone(&late);
            let watcher = std::thread::Builder::new()
                .name("satpuz-serve-late".into())
                .spawn(move || {
                    let _ = rx.recv();
                    counted.fetch_sub(1, Ordering::SeqCst);
                });
            if watcher.is_err() {
                // Not watched, so not counted: the interrupt above ends its solves anyway.
                late.fetch_sub(1, Ordering::SeqCst);
            }
            Err(busy())
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            Err(ApiError::internal("the call failed unexpectedly".into()))
        }
    }
}

/// A small most-recently-used cache (dealing a long case costs about 10 ms; a player's page
/// checks the same case after every mark). Bounded, so memory stays flat.
pub(crate) struct Recent<K, V> {
    items: Mutex<std::collections::VecDeque<(K, Arc<V>)>>,
    capacity: usize,
}

impl<K: PartialEq, V> Recent<K, V> {
    pub(crate) fn new(capacity: usize) -> Self {
        Recent {
            items: Mutex::new(std::collections::VecDeque::new()),
            capacity,
        }
    }

    pub(crate) fn get(&self, key: &K) -> Option<Arc<V>> {
        let mut items = self.items.lock().unwrap_or_else(|p| p.into_inner());
        let i = items.iter().position(|(k, _)| k == key)?;
        let item = items.remove(i)?;
        let value = Arc::clone(&item.1);
        items.push_front(item);
        Some(value)
    }

    pub(crate) fn put(&self, key: K, value: Arc<V>) {
        let mut items = self.items.lock().unwrap_or_else(|p| p.into_inner());
        items.retain(|(k, _)| *k != key);
        items.push_front((key, value));
        items.truncate(self.capacity);
    }
}
