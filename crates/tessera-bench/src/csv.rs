//! A small RFC 4180 reader (quoted fields, doubled quotes, CRLF or LF), enough for the
//! generated dataset. It hands out each record's cells as `&str`, the shape a sheet arrives
//! in from the data host.

/// Parses CSV text into (header, rows).
#[cfg(test)]
pub fn parse(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut records: Vec<Vec<String>> = Vec::new();
    for_each_record(text, |r| records.push(r.iter().map(|s| s.to_string()).collect()));
    let mut it = records.into_iter();
    let header = it.next().unwrap_or_default();
    (header, it.collect())
}

/// Calls `f` with each record's cells in turn (the header first). Cells borrow from `text`
/// unless they were quoted with doubled quotes inside.
pub fn for_each_record(text: &str, mut f: impl FnMut(&[&str])) {
    let bytes = text.as_bytes();
    let n = bytes.len();
    // Unescaped quoted fields need a copy; keep them in a per-record scratch buffer.
    let mut scratch: Vec<String> = Vec::new();
    let mut spans: Vec<Span> = Vec::with_capacity(16);
    let mut i = 0;
    while i < n {
        // One field.
        if bytes[i] == b'"' {
            i += 1;
            let start = i;
            let mut owned: Option<String> = None;
            let mut seg = start;
            loop {
                match bytes[i..].iter().position(|&b| b == b'"') {
                    Some(off) => {
                        let q = i + off;
                        if q + 1 < n && bytes[q + 1] == b'"' {
                            let o = owned.get_or_insert_with(String::new);
                            o.push_str(&text[seg..=q]);
                            i = q + 2;
                            seg = i;
                        } else {
                            match owned.as_mut() {
                                Some(o) => o.push_str(&text[seg..q]),
                                None => spans.push(Span::Borrowed(start, q)),
                            }
                            i = q + 1;
                            break;
                        }
                    }
                    None => {
                        match owned.as_mut() {
                            Some(o) => o.push_str(&text[seg..]),
                            None => spans.push(Span::Borrowed(start, n)),
                        }
                        i = n;
                        break;
                    }
                }
            }
            if let Some(o) = owned {
                scratch.push(o);
                spans.push(Span::Owned(scratch.len() - 1));
            }
            while i < n && !matches!(bytes[i], b',' | b'\n' | b'\r') {
                i += 1; // malformed input: text after a closing quote is dropped
            }
        } else {
            let start = i;
            while i < n && !matches!(bytes[i], b',' | b'\n' | b'\r') {
                i += 1;
            }
            spans.push(Span::Borrowed(start, i));
        }
        let end_of_record = if i >= n {
            true
        } else if bytes[i] == b',' {
            i += 1;
            if i == n {
                spans.push(Span::Borrowed(n, n));
                true
            } else {
                false
            }
        } else {
            if bytes[i] == b'\r' && i + 1 < n && bytes[i + 1] == b'\n' {
                i += 1;
            }
            i += 1;
            true
        };
        if end_of_record {
            let cells: Vec<&str> = spans
                .iter()
                .map(|s| match *s {
                    Span::Borrowed(a, b) => &text[a..b],
                    Span::Owned(k) => scratch[k].as_str(),
                })
                .collect();
            f(&cells);
            drop(cells);
            spans.clear();
            scratch.clear();
        }
    }
}

#[derive(Clone, Copy)]
enum Span {
    Borrowed(usize, usize),
    Owned(usize),
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn quoted_fields_and_line_endings() {
        let (h, rows) = parse("a,b,c\n1,\"x, y\",\"say \"\"hi\"\"\"\r\n2,,\" z \"\n");
        assert_eq!(h, vec!["a", "b", "c"]);
        assert_eq!(rows[0], vec!["1", "x, y", "say \"hi\""]);
        assert_eq!(rows[1], vec!["2", "", " z "]);
        assert_eq!(rows.len(), 2);
    }
}
