//! Column types and cell values, and the Jet 4 text encoding.

use std::fmt;

/// The type of a column, from the table definition's type byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnType {
    /// Yes/No: one bit, kept in the row's null mask.
    Bool,
    /// Byte (unsigned, 8 bits).
    Byte,
    /// Integer (16 bits).
    Int,
    /// Long Integer (32 bits).
    Long,
    /// Currency (64 bits, four decimals).
    Money,
    /// Single (32-bit float).
    Single,
    /// Double (64-bit float).
    Double,
    /// Date/Time: days since 30 December 1899, as a 64-bit float.
    DateTime,
    /// Binary (up to 255 bytes).
    Binary,
    /// Text (up to 255 characters, UCS-2 or its compressed form).
    Text,
    /// OLE object (long binary).
    Ole,
    /// Memo (long text).
    Memo,
    /// Replication id (GUID, 16 bytes).
    Guid,
    /// Scaled decimal (17 bytes).
    Numeric,
    /// A type byte this crate does not know.
    Other(u8),
}

impl ColumnType {
    pub(crate) fn from_byte(b: u8) -> ColumnType {
        match b {
            0x01 => ColumnType::Bool,
            0x02 => ColumnType::Byte,
            0x03 => ColumnType::Int,
            0x04 => ColumnType::Long,
            0x05 => ColumnType::Money,
            0x06 => ColumnType::Single,
            0x07 => ColumnType::Double,
            0x08 => ColumnType::DateTime,
            0x09 => ColumnType::Binary,
            0x0A => ColumnType::Text,
            0x0B => ColumnType::Ole,
            0x0C => ColumnType::Memo,
            0x0F => ColumnType::Guid,
            0x10 => ColumnType::Numeric,
            other => ColumnType::Other(other),
        }
    }

    /// The name Access (and `mdb-schema`) gives the type.
    pub fn access_name(self) -> &'static str {
        match self {
            ColumnType::Bool => "Boolean",
            ColumnType::Byte => "Byte",
            ColumnType::Int => "Integer",
            ColumnType::Long => "Long Integer",
            ColumnType::Money => "Currency",
            ColumnType::Single => "Single",
            ColumnType::Double => "Double",
            ColumnType::DateTime => "DateTime",
            ColumnType::Binary => "Binary",
            ColumnType::Text => "Text",
            ColumnType::Ole => "OLE",
            ColumnType::Memo => "Memo/Hyperlink",
            ColumnType::Guid => "Replication ID",
            ColumnType::Numeric => "Numeric",
            ColumnType::Other(_) => "Unknown",
        }
    }
}

impl fmt::Display for ColumnType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.access_name())
    }
}

/// One cell of a row.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// No value (the null mask's bit is clear).
    Null,
    /// A Yes/No column.
    Bool(bool),
    /// A Byte column.
    Byte(u8),
    /// An Integer column.
    Int(i16),
    /// A Long Integer column.
    Long(i32),
    /// A Single column.
    Single(f32),
    /// A Double column.
    Double(f64),
    /// A Date/Time column: days since 30 December 1899 (the fraction is the time of day).
    DateTime(f64),
    /// A Text column.
    Text(String),
    /// The stored bytes of a column of another type (Currency, GUID, binary, long values).
    Raw(Vec<u8>),
}

impl Value {
    /// The text of a Text cell, `None` for any other value.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Value::Text(s) => Some(s),
            _ => None,
        }
    }

    /// An integer cell (Byte, Integer, Long Integer) widened, `None` for any other value.
    pub fn as_i64(&self) -> Option<i64> {
        match *self {
            Value::Byte(b) => Some(b.into()),
            Value::Int(i) => Some(i.into()),
            Value::Long(i) => Some(i.into()),
            _ => None,
        }
    }
}

/// Decodes a Jet 4 text value: UCS-2 little-endian, or its compressed form (after the marker
/// `FF FE`, one byte a character, a zero byte switching to and from two bytes a character).
pub(crate) fn decode_text(bytes: &[u8]) -> String {
    let mut units: Vec<u16> = Vec::with_capacity(bytes.len());
    if bytes.len() >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE {
        let mut compressed = true;
        let mut i = 2;
        while i < bytes.len() {
            if bytes[i] == 0 {
                compressed = !compressed;
                i += 1;
            } else if compressed {
                units.push(bytes[i].into());
                i += 1;
            } else if i + 1 < bytes.len() {
                units.push(u16::from_le_bytes([bytes[i], bytes[i + 1]]));
                i += 2;
            } else {
                break;
            }
        }
    } else {
        units.extend(
            bytes
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]])),
        );
    }
    String::from_utf16_lossy(&units)
}

/// Encodes text as Jet 4 stores it: compressed (one byte a character) when every character
/// fits in a byte and is not NUL, as Access does for columns marked compressible; UCS-2 otherwise.
pub(crate) fn encode_text(s: &str, compressible: bool) -> Vec<u8> {
    let units: Vec<u16> = s.encode_utf16().collect();
    if compressible && !units.is_empty() && units.iter().all(|&u| (1..=0xFF).contains(&u)) {
        let mut out = Vec::with_capacity(units.len() + 2);
        out.extend_from_slice(&[0xFF, 0xFE]);
        out.extend(units.iter().map(|&u| u as u8));
        out
    } else {
        units.iter().flat_map(|u| u.to_le_bytes()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_in_both_forms() {
        for s in ["", "EXEMPT", "Brésilien", "Œuvre — 𝄞"] {
            assert_eq!(decode_text(&encode_text(s, true)), s);
            assert_eq!(decode_text(&encode_text(s, false)), s);
        }
        // Compressed, then a switch to UCS-2 for one character, then back.
        let mixed = [0xFF, 0xFE, b'a', 0, 0x52, 0x01, 0, b'b'];
        assert_eq!(decode_text(&mixed), "aŒb");
    }
}
