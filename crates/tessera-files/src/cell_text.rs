//! A workbook cell as text: the one rule that the calamine readers (`workbook`) and the ODS
//! reader (`ods_cells`) share, so that neither has to reach into the other.

use calamine::Data;

/// A workbook cell as the text a spreadsheet shows for it (see the crate docs).
pub(crate) fn cell_text(data: &Data) -> String {
    match data {
        Data::Empty => String::new(),
        Data::String(text) => text.clone(),
        Data::Int(number) => number.to_string(),
        // Display prints the shortest text that reads back to the same float, and no ".0".
        Data::Float(number) if *number == 0.0 => "0".to_owned(),
        Data::Float(number) => format!("{number}"),
        Data::Bool(true) => "TRUE".to_owned(),
        Data::Bool(false) => "FALSE".to_owned(),
        Data::DateTime(moment) if moment.is_duration() => duration(moment.as_f64()),
        Data::DateTime(moment) if (0.0..1.0).contains(&moment.as_f64()) => {
            let (_, _, _, hour, minute, second, _) = moment.to_ymd_hms_milli();
            format!("{hour:02}:{minute:02}:{second:02}")
        }
        Data::DateTime(moment) => match moment.to_ymd_hms_milli() {
            (year, month, day, 0, 0, 0, 0) => format!("{year:04}-{month:02}-{day:02}"),
            (year, month, day, hour, minute, second, _) => format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02}:{second:02}"),
        },
        Data::DateTimeIso(text) => iso_moment(text),
        Data::DurationIso(text) => text.clone(),
        Data::Error(error) => error.to_string(),
    }
}

/// `H:MM:SS` of a duration in days.
fn duration(days: f64) -> String {
    let seconds = (days * 86_400.0).round() as i64;
    let sign = if seconds < 0 { "-" } else { "" };
    let seconds = seconds.abs();
    format!("{sign}{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60)
}

/// ISO dates as they are; ISO date-times with a space and without fractions of a second.
fn iso_moment(text: &str) -> String {
    match text.split_once('T') {
        Some((date, time)) => format!("{date} {}", time.split('.').next().unwrap_or(time)),
        None => text.to_owned(),
    }
}
