//! The page and its assets, built into the binary (nothing is fetched from
//! anywhere else), and the printable odds sheet of `mortar-odds sheet`.

use std::collections::HashMap;

use axum::extract::{Path, Query};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::cli::sheet;
use mortar_odds::output::sheet::{Paper, render};

/// The page's own files: name, content type, text.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("page/style.css"),
    ),
    (
        "state.js",
        "text/javascript; charset=utf-8",
        include_str!("page/state.js"),
    ),
    (
        "form.js",
        "text/javascript; charset=utf-8",
        include_str!("page/form.js"),
    ),
    (
        "views.js",
        "text/javascript; charset=utf-8",
        include_str!("page/views.js"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("page/app.js"),
    ),
];

/// The page may load only its own files and talk only to its own server;
/// charts are shown as images (an SVG image runs no script).
const PAGE_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    img-src 'self' blob:; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'";

/// The sheet carries its own inline style and nothing else.
const SHEET_POLICY: &str =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'";

fn with_policy(content_type: &str, policy: &'static str, body: impl IntoResponse) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(content_type) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(policy),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// `GET /`: the calculator.
pub(super) async fn index() -> Response {
    with_policy(
        "text/html; charset=utf-8",
        PAGE_POLICY,
        include_str!("page/index.html"),
    )
}

/// `GET /assets/NAME`.
pub(super) async fn asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, text)) => with_policy(kind, PAGE_POLICY, *text),
        None => not_found().await,
    }
}

/// `GET /sheet?paper=a4|letter&breakdown=N`: the printable odds sheet, as
/// `mortar-odds sheet` writes it (built-in catalog), to print from the
/// browser.
pub(super) async fn sheet(Query(query): Query<HashMap<String, String>>) -> Response {
    let paper = match query.get("paper").map(String::as_str) {
        None | Some("a4") => Paper::A4,
        Some("letter") => Paper::Letter,
        Some(_) => return refuse("paper: use a4 or letter"),
    };
    let breakdown = match query.get("breakdown").map(|b| b.parse::<u8>()) {
        None => mortar_odds::analysis::sheet::DEFAULT_BREAKDOWN,
        Some(Ok(b)) if (2..=12).contains(&b) => b,
        Some(_) => return refuse("breakdown: a printed B# from 2 to 12"),
    };
    let built = tokio::task::spawn_blocking(move || sheet::build(breakdown)).await;
    match built {
        Ok(Ok(s)) => with_policy(
            "text/html; charset=utf-8",
            SHEET_POLICY,
            render(&s, paper).1,
        ),
        Ok(Err(e)) => refuse(&crate::one_line(&format!("{e:#}"))),
        Err(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal error\n").into_response(),
    }
}

fn refuse(line: &str) -> Response {
    (StatusCode::BAD_REQUEST, format!("{line}\n")).into_response()
}

/// Anything else: 404.
pub(super) async fn not_found() -> Response {
    (StatusCode::NOT_FOUND, "not found\n").into_response()
}

/// A route asked with the wrong method: every route takes either GET
/// (the page, the sheet, the catalog) or POST (the API's runs) alone.
pub(super) async fn method_not_allowed(uri: axum::http::Uri) -> Response {
    let path = uri.path();
    // The API's runs take POST; the page, the sheet and the catalog GET.
    let takes_post = path.starts_with("/api/") && path != "/api/mortars";
    let line = if takes_post {
        format!("use POST with a JSON body for {path}\n")
    } else {
        format!("use GET for {path}\n")
    };
    (StatusCode::METHOD_NOT_ALLOWED, line).into_response()
}
