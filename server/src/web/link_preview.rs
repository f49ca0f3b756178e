//! Link previews of public boards (issue 10): a link to `/{slug}` shared in a chat or on a social
//! site unfolds into the board's title, a description and its preview image. Those sites read
//! the page's `<title>` and `<meta>` tags (Open Graph, Twitter cards) and run no JavaScript, so
//! the server writes them into the board's page. A private board's page says nothing about it.

use crate::boards::board_state::{self, Board};
use crate::infra::config::Config;
use crate::infra::db::Db;
use crate::infra::error::{Error, ResultExt};
use crate::infra::html::{Markup, Safe};

/// Longer descriptions are cut here: previews show about two lines.
const DESCRIPTION_MAX: usize = 200;

/// What a board's shared link shows.
#[derive(Debug, PartialEq)]
pub struct LinkPreview {
    pub title: String,
    pub description: String,
    /// The board's address on the board host (platform §2's canonical host), where previews point.
    pub url: String,
    pub image: String,
}

/// The preview of the board at `/{slug}`, or `None` when there is no public board there.
pub async fn for_board(db: &Db, config: &Config, slug: &str) -> Result<Option<LinkPreview>, Error> {
    let Some(board) = board_state::find_by_slug(db, &slug.to_lowercase()).await? else { return Ok(None) };
    if !board.public {
        return Ok(None);
    }
    let listed: Option<(String,)> = sqlx::query_as("SELECT description FROM marketplace_listings WHERE board_id = $1")
        .bind(&board.id)
        .fetch_optional(&db.pool)
        .await
        .context("reading a listing's description for a link preview")?;
    preview(&board, listed.map(|(text,)| text).as_deref(), config).map(Some)
}

/// The board's title, the first description of: its marketplace listing, its hero text, a
/// sentence saying what it is; the address on the board host and the preview image.
fn preview(board: &Board, listed: Option<&str>, config: &Config) -> Result<LinkPreview, Error> {
    let settings = board.settings()?;
    let title = first_text([settings.title.as_str(), board.name.as_str()]).unwrap_or("Tessera board").to_owned();
    let description = first_text([listed.unwrap_or_default(), settings.hero.as_str()])
        .map(shortened)
        .unwrap_or_else(|| format!("{title}: live data from a spreadsheet, on Tessera."));
    let base = config.public_base_url();
    let base = base.trim_end_matches('/');
    let board_host = config.board_base_url.as_deref().map(|url| url.trim_end_matches('/')).unwrap_or(base);
    Ok(LinkPreview {
        url: format!("{board_host}/{}", board.slug),
        image: format!("{base}/api/boards/{}/preview.svg", board.id),
        title,
        description,
    })
}

fn first_text<'a>(texts: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    texts.into_iter().map(str::trim).find(|text| !text.is_empty())
}

/// `text` on one line, cut at a word near [`DESCRIPTION_MAX`] characters.
fn shortened(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= DESCRIPTION_MAX {
        return line;
    }
    let cut: String = line.chars().take(DESCRIPTION_MAX).collect();
    let at_word = cut.rsplit_once(' ').map_or(cut.as_str(), |(words, _)| words);
    format!("{}…", at_word.trim_end_matches([',', ';', ':', '.']))
}

impl LinkPreview {
    /// The `<meta>` and `<link>` tags for the page's `<head>`, every value escaped.
    pub fn head(&self) -> Safe {
        let mut markup = Markup::new();
        let named = [("description", &self.description), ("twitter:title", &self.title), ("twitter:description", &self.description)];
        for (name, content) in named {
            markup.empty("meta", &[("name", name.into()), ("content", content.into())]);
        }
        markup.empty("meta", &[("name", "twitter:card".into()), ("content", "summary_large_image".into())]);
        markup.empty("meta", &[("name", "twitter:image".into()), ("content", (&self.image).into())]);
        let properties = [
            ("og:type", "website"),
            ("og:site_name", "Tessera"),
            ("og:title", self.title.as_str()),
            ("og:description", self.description.as_str()),
            ("og:url", self.url.as_str()),
            ("og:image", self.image.as_str()),
            ("og:image:type", "image/svg+xml"),
            ("og:image:width", "1200"),
            ("og:image:height", "630"),
        ];
        for (property, content) in properties {
            markup.empty("meta", &[("property", property.into()), ("content", content.into())]);
        }
        markup.empty("link", &[("rel", "canonical".into()), ("href", (&self.url).into())]);
        markup.finish()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn board(settings: serde_json::Value) -> Board {
        Board {
            id: "b1".into(),
            workspace_id: "w1".into(),
            slug: "harbour".into(),
            name: "Harbour board".into(),
            public: true,
            spreadsheet_id: None,
            settings: settings.as_object().cloned().unwrap_or_default(),
            owner_id: "u1".into(),
            owner_email: "owner@example.com".into(),
            owner_plan: "free".into(),
        }
    }

    fn config(board_base_url: Option<&str>) -> Config {
        Config {
            base_url: Some("https://tessera.example.com/".into()),
            board_base_url: board_base_url.map(str::to_owned),
            ..Config::default()
        }
    }

    #[test]
    fn the_listing_then_the_hero_then_a_sentence_describe_the_board() {
        let hero = board(json!({"title": " Harbour  ", "hero": "Boats\n in   port"}));
        let listed = preview(&hero, Some("Every mooring, live."), &config(None)).unwrap();
        assert_eq!(listed.title, "Harbour");
        assert_eq!(listed.description, "Every mooring, live.");
        assert_eq!(preview(&hero, Some("  "), &config(None)).unwrap().description, "Boats in port");
        let plain = preview(&board(json!({})), None, &config(None)).unwrap();
        assert_eq!(plain.title, "Harbour board");
        assert_eq!(plain.description, "Harbour board: live data from a spreadsheet, on Tessera.");
    }

    #[test]
    fn links_point_at_the_board_host_and_the_image_at_this_server() {
        let on_board_host = preview(&board(json!({})), None, &config(Some("https://boards.example.com/"))).unwrap();
        assert_eq!(on_board_host.url, "https://boards.example.com/harbour");
        assert_eq!(on_board_host.image, "https://tessera.example.com/api/boards/b1/preview.svg");
        assert_eq!(preview(&board(json!({})), None, &config(None)).unwrap().url, "https://tessera.example.com/harbour");
    }

    #[test]
    fn long_descriptions_are_cut_at_a_word() {
        let long = "word ".repeat(60);
        let cut = shortened(&long);
        assert!(cut.chars().count() <= DESCRIPTION_MAX + 1, "{cut}");
        assert!(cut.ends_with("word…"), "{cut}");
    }

    #[test]
    fn hostile_titles_stay_inside_their_attribute() {
        let hostile = board(json!({"title": "\"><script>alert(1)</script>"}));
        let head = preview(&hostile, None, &config(None)).unwrap().head();
        assert!(!head.as_str().contains("<script>"), "{}", head.as_str());
        assert!(head.as_str().contains(r#"<meta property="og:title" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"/>"#));
    }
}
