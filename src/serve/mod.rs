//! `satpuz serve`: a local web server with pages to play the puzzles (the Inquest first) and a
//! JSON API under `/api/` behind them.
//!
//! The server is [`tiny_http`] with a fixed pool of worker threads rather than an async stack
//! (axum + tokio): every request is CPU-bound solver work of a few milliseconds on a machine
//! with a couple of cores, so an event loop buys nothing, and tiny_http builds in seconds with
//! four small dependencies. Each API call runs on a thread of its own under a time limit: when
//! the solver does not answer in time the client gets 503 and the worker serves the next
//! request (varisat cannot be interrupted mid-solve, so the late thread finishes on its own;
//! how many may be late at once is bounded, past that the server answers 503 at once).
//!
//! Pages, styles and scripts are files under `src/serve/static/`, embedded in the binary: no
//! request path reaches the file system, and the pages work offline.

mod api;
mod grid;
mod inquest;
mod jindosh;
mod pages;
mod portia;

use std::io::Read;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use tiny_http::{Header, Method, Request, Response, Server as Http};

pub use api::{ApiError, ErrorReport};
pub use grid::{
    ClueMark, GridCategory, GridCheckReport, GridHintReport, GridLoadReport, GridSquare,
};
pub use inquest::{CaseReport, CategoryColumn, VerdictReport};
pub use jindosh::{LockReport, LockTryReport, LockWhyReport, UnreadableSentence};
pub use portia::{CasketView, InscriptionTruth, PortiaReport, PortiaVerdictReport};

/// Largest request body accepted (larger: 413).
pub const MAX_BODY: usize = 1 << 20;

/// Solves that passed their time limit and are still running; past this many, API calls are
/// answered 503 at once instead of starting more.
const MAX_LATE: usize = 8;

/// How the server runs.
#[derive(Debug, Clone)]
pub struct Config {
    /// Address to listen on (`127.0.0.1:8080`; port 0 picks a free one).
    pub addr: SocketAddr,
    /// Worker threads taking requests.
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

/// State shared by the workers.
pub(crate) struct Shared {
    time_limit: Duration,
    late: Arc<AtomicUsize>,
    pub(crate) cases: inquest::CaseCache,
}

/// A running server: its address, and a way to stop it.
pub struct Running {
    http: Arc<Http>,
    addr: SocketAddr,
    workers: Vec<JoinHandle<()>>,
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

    /// Blocks until the workers end (they end only when the server is shut down).
    pub fn wait(mut self) {
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }

    /// Stops taking requests and waits for the workers to finish the ones they hold.
    pub fn shutdown(mut self) {
        for _ in 0..self.workers.len() {
            self.http.unblock();
        }
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }
}

/// Starts listening and serving on `config.workers` threads; returns at once.
pub fn start(config: &Config) -> Result<Running, StartError> {
    let http = Http::http(config.addr).map_err(|e| StartError {
        addr: config.addr,
        reason: e.to_string(),
    })?;
    let addr = http.server_addr().to_ip().ok_or_else(|| StartError {
        addr: config.addr,
        reason: "not an IP socket".into(),
    })?;
    let http = Arc::new(http);
    let shared = Service::new(config).shared;
    let workers = (0..config.workers.max(1))
        .map(|_| {
            let http = Arc::clone(&http);
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || {
                // `recv` fails only once the server is unblocked for shutdown.
                while let Ok(request) = http.recv() {
                    serve_one(&shared, request);
                }
            })
        })
        .collect();
    Ok(Running {
        http,
        addr,
        workers,
    })
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

fn serve_one(shared: &Arc<Shared>, mut request: Request) {
    let method = request.method().clone();
    let url = request.url().to_string();
    let path = url.split(['?', '#']).next().unwrap_or("/").to_string();
    let reply = if path.starts_with("/api/") {
        match read_body(&mut request) {
            Ok(body) => handle_api(shared, &method, &path, body),
            Err(e) => e.reply(),
        }
    } else {
        pages::page(&method, &path)
    };
    let _ = request.respond(to_response(reply));
}

fn to_response(reply: Reply) -> Response<std::io::Cursor<Vec<u8>>> {
    let header = |name: &str, value: &str| Header::from_bytes(name, value).ok();
    let mut response = Response::from_data(reply.body).with_status_code(reply.status);
    let headers = [
        header("Content-Type", reply.content_type),
        header("Cache-Control", "no-store"),
        header("X-Content-Type-Options", "nosniff"),
        header(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
        ),
    ];
    for h in headers.into_iter().flatten() {
        response.add_header(h);
    }
    response
}

/// The request body, refused (413) past [`MAX_BODY`] whether or not a length was declared.
fn read_body(request: &mut Request) -> Result<Vec<u8>, ApiError> {
    let too_large = || ApiError {
        status: 413,
        field: None,
        message: format!("the request body is over {} bytes", MAX_BODY),
    };
    if request.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(too_large());
    }
    let mut body = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut body)
        .map_err(|e| ApiError::bad(None, format!("cannot read the request body: {e}")))?;
    if body.len() > MAX_BODY {
        return Err(too_large());
    }
    Ok(body)
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
        handle_api(&self.shared, &Method::Post, path, body.to_vec())
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
        "/api/portia/deal" => portia::deal_call,
        "/api/portia/verdict" => portia::verdict_call,
        _ => return None,
    })
}

fn handle_api(shared: &Arc<Shared>, method: &Method, path: &str, body: Vec<u8>) -> Reply {
    let Some(handler) = route(path) else {
        return ApiError {
            status: 404,
            field: None,
            message: format!("no API call `{path}`"),
        }
        .reply();
    };
    if *method != Method::Post {
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
    let spawned = std::thread::Builder::new()
        .name("satpuz-serve-call".into())
        .spawn(move || {
            let _ = tx.send(work(&mine));
        });
    if spawned.is_err() {
        return Err(busy());
    }
    match rx.recv_timeout(shared.time_limit) {
        Ok(result) => result,
        Err(mpsc::RecvTimeoutError::Timeout) => {
            // Counted late until it ends: its result is dropped with the channel.
            let late = Arc::clone(&shared.late);
            late.fetch_add(1, Ordering::SeqCst);
            std::thread::spawn(move || {
                let _ = rx.recv();
                late.fetch_sub(1, Ordering::SeqCst);
            });
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
