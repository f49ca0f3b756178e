//! An allocator that counts the heap in use and its peak, for the tests that measure what an
//! import holds. Each test binary that declares `mod counting;` counts its own allocations.
//!
//! The counts are per thread: the test harness runs a binary's tests side by side, and a peak
//! must be the measured work's own, not whatever another test built at the same moment (CI
//! once saw a 64 KiB bound read 478 KiB that way). The work measured here runs on its caller's
//! thread; an import spawns none.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    // Const-initialised cells of plain integers: reading them never allocates and they have no
    // destructor, so the allocator may use them at any point of a thread's life. Signed, as a
    // thread may free what another allocated.
    static CURRENT: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn add(bytes: isize) {
    let _ = CURRENT.try_with(|current| {
        let now = current.get() + bytes;
        current.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

// SAFETY: every call is forwarded to the system allocator unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        add(layout.size() as isize);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        add(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `work` and answers what it gave, the peak heap this thread held above its level before
/// it, and the heap it still holds after it (in what it gave).
pub fn measured<T>(work: impl FnOnce() -> T) -> (T, usize, usize) {
    let base = CURRENT.with(Cell::get);
    PEAK.with(|peak| peak.set(base));
    let out = work();
    let peak = PEAK.with(Cell::get) - base;
    let held = CURRENT.with(Cell::get) - base;
    (out, peak.max(0) as usize, held.max(0) as usize)
}
