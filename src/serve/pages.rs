//! The embedded pages and assets, by path. Nothing here touches the file system at run time:
//! the files are compiled into the binary.

use super::http::Method;

use super::Reply;
use super::api::ApiError;

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// Every page and asset: path, content type, bytes.
const ASSETS: &[(&str, &str, &[u8])] = &[
    ("/", HTML, include_bytes!("static/inquest.html")),
    ("/inquest", HTML, include_bytes!("static/inquest.html")),
    ("/app.css", CSS, include_bytes!("static/app.css")),
    ("/common.js", JS, include_bytes!("static/common.js")),
    ("/inquest.js", JS, include_bytes!("static/inquest.js")),
    ("/portia", HTML, include_bytes!("static/portia.html")),
    ("/portia.js", JS, include_bytes!("static/portia.js")),
    ("/jindosh", HTML, include_bytes!("static/jindosh.html")),
    ("/jindosh.js", JS, include_bytes!("static/jindosh.js")),
    ("/grid", HTML, include_bytes!("static/grid.html")),
    ("/grid.js", JS, include_bytes!("static/grid.js")),
    ("/favicon.svg", SVG, include_bytes!("static/favicon.svg")),
];

/// The asset at `path` (GET or HEAD), 404 when there is none, 405 for other methods.
pub(crate) fn page(method: &Method, path: &str) -> Reply {
    let Some(&(_, content_type, body)) = ASSETS.iter().find(|(p, _, _)| *p == path) else {
        return ApiError {
            status: 404,
            field: None,
            message: format!("no page `{}`", path.chars().take(200).collect::<String>()),
        }
        .reply();
    };
    if !matches!(method, Method::Get | Method::Head) {
        return ApiError {
            status: 405,
            field: None,
            message: format!("`{path}` is a page: GET it"),
        }
        .reply();
    }
    Reply {
        status: 200,
        content_type,
        body: body.to_vec(),
    }
}
