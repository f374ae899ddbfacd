//! Output safety: an output never replaces an input, devices and FIFOs are written in place,
//! symlinks are kept, temporary files of killed runs are cleaned up, and a failed or closed
//! standard output ends the run without a panic.
#![cfg(unix)]

mod common;

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

use common::{arbiter, path_str, read, run, stderr, stdout, temp_dir, write};

/// Three players after round 1 of 3: 1 beat 2, 3 had the pairing-allocated bye.
const AFTER_ROUND_1: &str = "012 Small\n\
XXR 3\n\
XXC white1\n\
001    1      Alpha, A                          2000                             1.0    1     2 w 1\n\
001    2      Beta, B                           1900                             0.0    3     1 b 0\n\
001    3      Gamma, C                          1800                             1.0    2  0000 - U\n";

const CONFIG: &str = "PlayersNumber=6\nRoundsNumber=2\n";

fn club_mitchell() -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/bridge/club_mitchell.csv");
    std::fs::read_to_string(p).expect("bridge example")
}

fn no_panic(o: &Output) {
    assert_ne!(o.status.code(), Some(101), "panic: {}", stderr(o));
    assert!(!stderr(o).contains("panicked"), "panic: {}", stderr(o));
}

/// Every command line that reads a file and writes one, with `IN` for the input's path and
/// `OUT` for the output's, and the input's contents.
fn commands() -> Vec<(Vec<&'static str>, String)> {
    let trf = AFTER_ROUND_1.to_string();
    vec![
        (vec!["pair", "IN", "-o", "OUT"], trf.clone()),
        (vec!["--dutch", "IN", "-p", "OUT"], trf.clone()),
        (vec!["IN", "-p", "OUT"], trf.clone()),
        (vec!["--dutch", "IN", "-p", "-l", "OUT"], trf.clone()),
        (vec!["--dutch", "IN", "-c", "-l", "OUT"], trf.clone()),
        (
            vec!["--dutch", "IN", "-g", "-o", "OUT", "-s", "1"],
            trf.clone(),
        ),
        (
            vec!["--dutch", "-g", "IN", "-o", "OUT", "-s", "1"],
            CONFIG.to_string(),
        ),
        (
            vec!["generate", "--model", "IN", "-o", "OUT", "-s", "1"],
            trf.clone(),
        ),
        (
            vec!["generate", "IN", "-o", "OUT", "-s", "1"],
            CONFIG.to_string(),
        ),
        (vec!["standings", "IN", "-o", "OUT"], trf.clone()),
        (vec!["crosstable", "IN", "-o", "OUT"], trf.clone()),
        (vec!["convert", "IN", "--to", "trf16", "-o", "OUT"], trf),
        (vec!["bridge", "score", "IN", "-o", "OUT"], club_mitchell()),
    ]
}

fn substitute<'a>(args: &[&'a str], input: &'a str, output: &'a str) -> Vec<&'a str> {
    args.iter()
        .map(|&a| match a {
            "IN" => input,
            "OUT" => output,
            a => a,
        })
        .collect()
}

#[test]
fn an_output_naming_an_input_is_refused_before_anything_runs() {
    for (args, contents) in commands() {
        for how in ["same path", "symlink", "hard link"] {
            let dir = temp_dir();
            let input = write(dir.path(), "in.txt", &contents);
            let output: PathBuf = match how {
                "same path" => input.clone(),
                "symlink" => {
                    let l = dir.path().join("link.txt");
                    std::os::unix::fs::symlink(&input, &l).unwrap();
                    l
                }
                _ => {
                    let l = dir.path().join("hard.txt");
                    std::fs::hard_link(&input, &l).unwrap();
                    l
                }
            };
            let argv = substitute(&args, path_str(&input), path_str(&output));
            let o = run(&argv);
            no_panic(&o);
            assert_eq!(o.status.code(), Some(3), "{how}: {argv:?}: {}", stderr(&o));
            assert!(
                stderr(&o).contains("in.txt"),
                "{how}: {argv:?}: {}",
                stderr(&o)
            );
            assert_eq!(read(dir.path(), "in.txt"), contents, "{how}: {argv:?}");
            assert!(o.stdout.is_empty(), "{how}: {argv:?}");
            if how == "symlink" {
                assert!(output.symlink_metadata().unwrap().is_symlink());
            }
        }
    }
}

#[test]
fn the_default_checklist_path_may_not_be_the_input() {
    let dir = temp_dir();
    let input = write(dir.path(), "t.list", AFTER_ROUND_1);
    for args in [
        vec!["--dutch", path_str(&input), "-p", "-l"],
        vec!["--dutch", path_str(&input), "-c", "-l"],
    ] {
        let o = run(&args);
        no_panic(&o);
        assert_eq!(o.status.code(), Some(3), "{args:?}: {}", stderr(&o));
        assert_eq!(read(dir.path(), "t.list"), AFTER_ROUND_1, "{args:?}");
    }
    // The -g checklist goes next to the output: the model may not sit there.
    let model = write(dir.path(), "g.list", AFTER_ROUND_1);
    let out = dir.path().join("g.trf");
    let o = run(&[
        "--dutch",
        path_str(&model),
        "-g",
        "-o",
        path_str(&out),
        "-l",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert_eq!(read(dir.path(), "g.list"), AFTER_ROUND_1);
    assert!(!out.exists(), "nothing runs once the request is refused");
}

#[test]
fn two_outputs_naming_the_same_file_are_refused() {
    let dir = temp_dir();
    let input = write(dir.path(), "in.trf", AFTER_ROUND_1);
    let out = dir.path().join("out.txt");
    let o = run(&[
        "--dutch",
        path_str(&input),
        "-p",
        path_str(&out),
        "-l",
        path_str(&out),
    ]);
    no_panic(&o);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(!out.exists());
}

#[test]
fn distinct_files_with_the_same_contents_are_not_the_same_file() {
    let dir = temp_dir();
    let input = write(dir.path(), "in.trf", AFTER_ROUND_1);
    write(dir.path(), "copy.trf", AFTER_ROUND_1);
    let copy = dir.path().join("copy.trf");
    let o = run(&[
        "convert",
        path_str(&input),
        "--to",
        "trf16",
        "-o",
        path_str(&copy),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn a_missing_input_named_as_the_output_is_still_a_missing_file() {
    let dir = temp_dir();
    let missing = dir.path().join("missing.trf");
    let m = path_str(&missing);
    let o = run(&["standings", m, "-o", m]);
    assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
    assert!(!missing.exists());
}

#[test]
fn output_to_a_device_writes_to_it_and_keeps_it() {
    let dir = temp_dir();
    let input = write(dir.path(), "in.trf", AFTER_ROUND_1);
    for args in [
        vec!["pair", path_str(&input), "-o", "/dev/null"],
        vec!["standings", path_str(&input), "-o", "/dev/null"],
        vec![
            "--dutch",
            path_str(&input),
            "-p",
            "/dev/null",
            "-l",
            "/dev/null",
        ],
        vec![
            "bridge",
            "generate",
            "--tables",
            "3",
            "--boards",
            "2",
            "-o",
            "/dev/null",
        ],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        let m = std::fs::symlink_metadata("/dev/null").unwrap();
        assert!(
            m.file_type().is_char_device(),
            "{args:?} replaced /dev/null"
        );
    }
    // Nothing is left next to the device.
    let leftovers: Vec<_> = std::fs::read_dir("/dev")
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with(".null."))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn output_to_dev_stdout_goes_where_stdout_goes() {
    let dir = temp_dir();
    let input = write(dir.path(), "in.trf", AFTER_ROUND_1);
    let i = path_str(&input);
    let expected = stdout(&run(&["pair", i]));
    let o = run(&["pair", i, "-o", "/dev/stdout"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), expected);
    // Redirected to a file with >>: what the file had stays.
    let log = write(dir.path(), "log.txt", "before\n");
    let append = File::options().append(true).open(&log).unwrap();
    let o = arbiter()
        .args(["pair", i, "-o", "/dev/stdout"])
        .stdout(append)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(read(dir.path(), "log.txt"), format!("before\n{expected}"));
    assert!(std::fs::symlink_metadata("/dev/stdout")
        .unwrap()
        .file_type()
        .is_symlink());
}

#[test]
fn output_to_a_fifo_reaches_its_reader() {
    let dir = temp_dir();
    let input = write(dir.path(), "in.trf", AFTER_ROUND_1);
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let expected = stdout(&run(&["pair", path_str(&input)]));
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let o = run(&["pair", path_str(&input), "-o", path_str(&fifo)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Checked before joining: a replaced FIFO would leave the reader waiting for ever.
    let m = std::fs::symlink_metadata(&fifo).unwrap();
    assert!(m.file_type().is_fifo(), "the FIFO was replaced");
    assert_eq!(reader.join().unwrap(), expected);
}

#[test]
fn an_output_symlink_is_kept_and_its_target_replaced() {
    let dir = temp_dir();
    let input = write(dir.path(), "in.trf", AFTER_ROUND_1);
    let expected = stdout(&run(&["pair", path_str(&input)]));
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    let target = write(&dir.path().join("sub"), "target.txt", "old\n");
    let link = dir.path().join("link.txt");
    // A relative link, resolved from the link's folder, not the working folder.
    std::os::unix::fs::symlink("sub/target.txt", &link).unwrap();
    let o = run(&["pair", path_str(&input), "-o", path_str(&link)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        link.symlink_metadata().unwrap().is_symlink(),
        "the link was replaced"
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), expected);
    // A dangling link creates its target.
    let dangling = dir.path().join("dangling.txt");
    std::os::unix::fs::symlink("sub/new.txt", &dangling).unwrap();
    let o = run(&["pair", path_str(&input), "-o", path_str(&dangling)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(dangling.symlink_metadata().unwrap().is_symlink());
    assert_eq!(read(&dir.path().join("sub"), "new.txt"), expected);
}

#[test]
fn a_replaced_file_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir();
    let input = write(dir.path(), "in.trf", AFTER_ROUND_1);
    let out = write(dir.path(), "out.txt", "old\n");
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).unwrap();
    let o = run(&["pair", path_str(&input), "-o", path_str(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_ne!(read(dir.path(), "out.txt"), "old\n");
    let mode = std::fs::metadata(&out).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
}

/// The id of a process that has ended.
fn dead_pid() -> u32 {
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let id = child.id();
    child.wait().unwrap();
    id
}

#[test]
fn stale_temporary_files_of_ended_runs_are_removed_by_the_next_write() {
    let dir = temp_dir();
    let input = write(dir.path(), "in.trf", AFTER_ROUND_1);
    let stale = format!(".out.txt.arbiter-{}.tmp", dead_pid());
    write(dir.path(), &stale, "half a file");
    // A run still going (this test's own process) keeps its temporary file.
    let live = format!(".out.txt.arbiter-{}.tmp", std::process::id());
    write(dir.path(), &live, "being written");
    // Another target's temporary file is not ours to remove.
    let other = format!(".other.txt.arbiter-{}.tmp", dead_pid());
    write(dir.path(), &other, "another target");
    let out = dir.path().join("out.txt");
    let o = run(&["pair", path_str(&input), "-o", path_str(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut want = vec!["in.trf".to_string(), "out.txt".to_string(), live, other];
    want.sort();
    assert_eq!(names, want);
}

/// Runs `arbiter` with /dev/full as its standard output.
fn run_into_full(args: &[&str]) -> Output {
    let full = File::options().write(true).open("/dev/full").unwrap();
    arbiter()
        .args(args)
        .stdout(full)
        .output()
        .expect("run arbiter")
}

#[test]
fn a_full_standard_output_is_a_file_access_error() {
    let dir = temp_dir();
    let input = write(dir.path(), "in.trf", AFTER_ROUND_1);
    let bad = write(dir.path(), "bad.trf", "001 nonsense\n");
    let i = path_str(&input);
    for args in [
        vec!["validate", i],
        vec!["validate", path_str(&bad)],
        vec!["pair", i],
        vec!["standings", i],
        vec!["check", i],
        vec!["--dutch", i, "-p"],
        vec!["-r"],
        vec!["--help"],
        vec!["--version"],
        vec!["pair", "--help"],
        vec!["--dutch", "--help"],
        vec!["bridge", "contract-score", "3NT", "N", "=", "--board", "1"],
    ] {
        let o = run_into_full(&args);
        no_panic(&o);
        assert_eq!(o.status.code(), Some(5), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("stdout"), "{args:?}: {}", stderr(&o));
    }
}

/// Runs `arbiter`, reads one line of its output and closes the pipe.
fn run_and_close_early(args: &[&str]) -> Output {
    let mut child = arbiter()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run arbiter");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty(), "{args:?} printed nothing");
    child.wait_with_output().unwrap()
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let dir = temp_dir();
    // Far more report than a pipe holds.
    let bad = write(dir.path(), "bad.trf", "001 nonsense\n".repeat(20_000));
    let big = path_str(&bad);
    for args in [
        vec!["validate", big],
        vec!["pair", "--round-robin", "300"],
        vec!["bridge", "generate", "--tables", "200", "--boards", "30"],
    ] {
        let o = run_and_close_early(&args);
        no_panic(&o);
        assert!(o.status.code().is_some(), "{args:?}: killed");
        assert!(
            !stderr(&o).contains("Broken pipe"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
}
