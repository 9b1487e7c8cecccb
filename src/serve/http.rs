//! The server's network layer: an accept loop on `std::net`, one thread per connection, one
//! request per connection (`Connection: close`), every read under a deadline.
//!
//! Hand-written because the crate used before, tiny_http 0.12, reads each connection on a
//! thread of an unbounded pool, sets no read timeout and exposes neither the accepted socket nor
//! a connection limit, and hands the body to the worker to read: two clients that sent headers
//! and then stalled held both workers for as long as they liked. hyper would bring an async
//! runtime for what is one small request per connection. Here the socket is ours:
//! `set_read_timeout` before each read bounds the whole request (head and body) by one
//! deadline, [`Slots`] caps the open connections, and a stalled client holds only its own
//! connection's thread, never a worker. The head is parsed by hand: a request line and
//! `Name: value` lines are all the pages and the API send, and each refusal says what is wrong.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use super::Reply;
use super::api::ApiError;

/// Longest a request (its head and its body) may take to arrive, from the connection's accept.
pub(crate) const REQUEST_DEADLINE: Duration = Duration::from_secs(10);
/// Longest a reply may take to be taken by the client.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// Largest request head (request line and headers) read.
const MAX_HEAD: usize = 16 * 1024;

/// A request's method, as the server tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Method {
    Get,
    Head,
    Post,
    /// Any other (PUT, OPTIONS, ...): refused as the path's own answer says.
    Other,
}

/// A counting semaphore: at most `capacity` holders at once (open connections, or requests at
/// work).
pub(crate) struct Slots {
    used: Mutex<usize>,
    changed: Condvar,
    capacity: usize,
}

impl Slots {
    pub(crate) fn new(capacity: usize) -> Arc<Slots> {
        Arc::new(Slots {
            used: Mutex::new(0),
            changed: Condvar::new(),
            capacity,
        })
    }

    /// Waits for a free slot and holds it until the returned guard is dropped (also when its
    /// thread unwinds, or a closure that owns it is dropped unrun).
    pub(crate) fn take(self: &Arc<Self>) -> Slot {
        let mut used = self.used.lock().unwrap_or_else(|p| p.into_inner());
        while *used >= self.capacity {
            used = self.changed.wait(used).unwrap_or_else(|p| p.into_inner());
        }
        *used += 1;
        Slot(Arc::clone(self))
    }

    /// Waits until no slot is held, at most `timeout`.
    pub(crate) fn wait_idle(&self, timeout: Duration) {
        let used = self.used.lock().unwrap_or_else(|p| p.into_inner());
        let _ = self.changed.wait_timeout_while(used, timeout, |n| *n > 0);
    }
}

/// A held slot, given back when dropped.
pub(crate) struct Slot(Arc<Slots>);

impl Drop for Slot {
    fn drop(&mut self) {
        let mut used = self.0.used.lock().unwrap_or_else(|p| p.into_inner());
        *used -= 1;
        self.0.changed.notify_all();
    }
}

/// A request whose head has been read; its body is read next ([`Incoming::read_body`]).
pub(crate) struct Incoming {
    pub(crate) method: Method,
    /// The request target as sent (`/api/grid/load`, `/?seed=7`).
    pub(crate) target: String,
    headers: Vec<(String, String)>,
    /// Bytes read past the head (the start of the body).
    rest: Vec<u8>,
    deadline: Instant,
}

fn bad(message: String) -> ApiError {
    ApiError::bad(None, message)
}

fn with_status(status: u16, message: String) -> ApiError {
    ApiError {
        status,
        field: None,
        message,
    }
}

/// Reads from `stream` into `into`, waiting no later than `deadline` (then 408).
fn read_some(
    stream: &mut TcpStream,
    deadline: Instant,
    into: &mut Vec<u8>,
) -> Result<usize, ApiError> {
    let late = || {
        with_status(
            408,
            format!(
                "the request did not arrive within {} s",
                REQUEST_DEADLINE.as_secs()
            ),
        )
    };
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Err(late());
    }
    stream
        .set_read_timeout(Some(left))
        .map_err(|e| bad(format!("cannot read the request: {e}")))?;
    let mut buf = [0u8; 16 * 1024];
    match stream.read(&mut buf) {
        Ok(n) => {
            into.extend_from_slice(&buf[..n]);
            Ok(n)
        }
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ) =>
        {
            Err(late())
        }
        Err(e) => Err(bad(format!("cannot read the request: {e}"))),
    }
}

impl Incoming {
    /// Reads and parses the request line and headers, by `deadline`. None when the client
    /// sent nothing at all before closing or before the deadline (a browser opens connections
    /// ahead of need): it is closed without an answer.
    pub(crate) fn read_head(
        stream: &mut TcpStream,
        deadline: Instant,
    ) -> Result<Option<Incoming>, ApiError> {
        let mut raw = Vec::new();
        let end = loop {
            if let Some(i) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
                break i;
            }
            if raw.len() > MAX_HEAD {
                return Err(with_status(
                    431,
                    format!("the request's head is over {MAX_HEAD} bytes"),
                ));
            }
            match read_some(stream, deadline, &mut raw) {
                Ok(0) | Err(_) if raw.is_empty() => return Ok(None),
                Ok(0) => {
                    return Err(bad(
                        "the connection closed before the request's head ended".into()
                    ));
                }
                Ok(_) => {}
                Err(e) => return Err(e),
            }
        };
        if end > MAX_HEAD {
            return Err(with_status(
                431,
                format!("the request's head is over {MAX_HEAD} bytes"),
            ));
        }
        let head = std::str::from_utf8(&raw[..end])
            .map_err(|_| bad("the request's head is not UTF-8".into()))?;
        let mut lines = head.split("\r\n");
        let request_line = lines.next().unwrap_or("");
        let mut parts = request_line.split(' ');
        let (Some(method), Some(target), Some(version), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad(format!(
                "the request line `{}` is not `METHOD TARGET HTTP/1.1`",
                request_line.chars().take(80).collect::<String>()
            )));
        };
        if !version.starts_with("HTTP/1.") {
            return Err(with_status(
                505,
                format!("{version}: this server speaks HTTP/1.1"),
            ));
        }
        let method = match method {
            "GET" => Method::Get,
            "HEAD" => Method::Head,
            "POST" => Method::Post,
            _ => Method::Other,
        };
        let mut headers = Vec::new();
        for line in lines {
            let Some((name, value)) = line.split_once(':') else {
                return Err(bad(format!(
                    "the header line `{}` has no colon",
                    line.chars().take(80).collect::<String>()
                )));
            };
            // No space before the colon, no folded lines (RFC 9112): a proxy might read them
            // otherwise than this server does.
            if name.is_empty() || name.bytes().any(|b| !(b.is_ascii_graphic())) {
                return Err(bad(format!(
                    "the header name `{}` is not a token",
                    name.chars().take(80).collect::<String>()
                )));
            }
            headers.push((name.to_ascii_lowercase(), value.trim().to_string()));
        }
        Ok(Some(Incoming {
            method,
            target: target.to_string(),
            headers,
            rest: raw[end + 4..].to_vec(),
            deadline,
        }))
    }

    /// A header's value (the first, when sent more than once).
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// How many times a header was sent.
    fn count(&self, name: &str) -> usize {
        self.headers
            .iter()
            .filter(|(n, _)| n.eq_ignore_ascii_case(name))
            .count()
    }

    /// The path without its query or fragment.
    pub(crate) fn path(&self) -> &str {
        self.target.split(['?', '#']).next().unwrap_or("/")
    }

    /// Reads the body (by its length, or chunked), refused (413) past `max` bytes whether or
    /// not a length was declared, by the head's deadline (408).
    pub(crate) fn read_body(
        &mut self,
        stream: &mut TcpStream,
        max: usize,
    ) -> Result<Vec<u8>, ApiError> {
        let too_large = || with_status(413, format!("the request body is over {max} bytes"));
        for name in ["host", "content-length", "transfer-encoding"] {
            if self.count(name) > 1 {
                return Err(bad(format!("the `{name}` header is sent more than once")));
            }
        }
        let chunked = match self.header("transfer-encoding") {
            None => false,
            Some(t) if t.eq_ignore_ascii_case("chunked") => true,
            Some(t) => {
                return Err(with_status(
                    501,
                    format!("Transfer-Encoding `{t}`: only `chunked` is read"),
                ));
            }
        };
        if chunked && self.header("content-length").is_some() {
            return Err(bad(
                "both Content-Length and Transfer-Encoding are sent".into()
            ));
        }
        if self
            .header("expect")
            .is_some_and(|e| e.eq_ignore_ascii_case("100-continue"))
        {
            let _ = stream.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
        }
        if chunked {
            return self
                .read_chunked(stream, max)
                .and_then(|b| b.ok_or_else(too_large));
        }
        let length = match self.header("content-length") {
            None => 0,
            Some(v) => v
                .parse::<usize>()
                .map_err(|_| bad(format!("Content-Length `{v}` is not a number of bytes")))?,
        };
        if length > max {
            return Err(too_large());
        }
        let mut body = std::mem::take(&mut self.rest);
        while body.len() < length {
            if read_some(stream, self.deadline, &mut body)? == 0 {
                return Err(bad(format!(
                    "the connection closed after {} of the {length} bytes of the body",
                    body.len()
                )));
            }
        }
        body.truncate(length);
        Ok(body)
    }

    /// A chunked body, None past `max` bytes.
    fn read_chunked(
        &mut self,
        stream: &mut TcpStream,
        max: usize,
    ) -> Result<Option<Vec<u8>>, ApiError> {
        let mut raw = std::mem::take(&mut self.rest);
        let mut at = 0;
        let mut body = Vec::new();
        let closed = || bad("the connection closed inside the chunked body".into());
        loop {
            // The size line.
            let line_end = loop {
                if let Some(i) = raw[at..].windows(2).position(|w| w == b"\r\n") {
                    break at + i;
                }
                if raw.len() - at > 1024 {
                    return Err(bad("a chunk's size line is over 1024 bytes".into()));
                }
                if read_some(stream, self.deadline, &mut raw)? == 0 {
                    return Err(closed());
                }
            };
            let line = String::from_utf8_lossy(&raw[at..line_end]);
            let size_text = line.split(';').next().unwrap_or("").trim();
            let size = usize::from_str_radix(size_text, 16)
                .map_err(|_| bad(format!("chunk size `{size_text}` is not hexadecimal")))?;
            at = line_end + 2;
            if size == 0 {
                // Trailers, if any, are left unread: the reply closes the connection.
                return Ok(Some(body));
            }
            if body.len().saturating_add(size) > max {
                return Ok(None);
            }
            while raw.len() < at + size + 2 {
                if read_some(stream, self.deadline, &mut raw)? == 0 {
                    return Err(closed());
                }
            }
            body.extend_from_slice(&raw[at..at + size]);
            at += size + 2;
            // What is consumed is dropped, so `raw` stays about one chunk long.
            raw.drain(..at);
            at = 0;
        }
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "",
    }
}

/// Writes `reply` (without its body for a HEAD request) and closes the connection: the
/// client's unread input is drained briefly first, so that closing does not reset the
/// connection before the client has read the answer.
pub(crate) fn respond(mut stream: TcpStream, reply: &Reply, head_only: bool) {
    let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n",
        reply.status,
        reason(reply.status),
        reply.content_type,
        reply.body.len()
    );
    for (name, value) in [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        (
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
        ),
    ] {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let mut out = head.into_bytes();
    if !head_only {
        out.extend_from_slice(&reply.body);
    }
    if stream
        .write_all(&out)
        .and_then(|()| stream.flush())
        .is_err()
    {
        return;
    }
    let _ = stream.shutdown(Shutdown::Write);
    let until = Instant::now() + Duration::from_millis(500);
    let mut sink = Vec::new();
    while matches!(read_some(&mut stream, until, &mut sink), Ok(1..)) {
        sink.clear();
    }
}
