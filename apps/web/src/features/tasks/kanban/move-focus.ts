/**
 * Task actions › Move to takes a tile to another column, where React mounts it afresh: the menu's button that had
 * the focus is gone, and the focus would fall to the page. The tile asks here, as it mounts, whether it should take
 * the focus back (on its own Task actions button), so the keyboard goes on from the task where it now is.
 */
let pendingTaskId: string | null = null;

/** Asks the tile of `taskId` to take the focus when it next mounts. */
export function focusTaskAfterMove(taskId: string): void {
  pendingTaskId = taskId;
}

/** Whether the tile of `taskId` should take the focus now; answers yes once. */
export function takeFocusAfterMove(taskId: string): boolean {
  if (pendingTaskId !== taskId) return false;
  pendingTaskId = null;
  return true;
}
