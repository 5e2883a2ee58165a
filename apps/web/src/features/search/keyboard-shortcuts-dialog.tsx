import { Dialog } from '../../ui/dialog';
import { shortcutSections } from './shortcut-list';

export interface KeyboardShortcutsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The app's shortcuts (`?` opens it): keys on the left, what they do on the right. */
export function KeyboardShortcutsDialog({ open, onOpenChange }: KeyboardShortcutsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts">
      <div className="flex flex-col gap-5">
        {shortcutSections().map((section) => (
          <section key={section.heading} aria-label={section.heading}>
            <h3 className="mb-2 text-sm font-semibold text-muted">{section.heading}</h3>
            <dl className="flex flex-col gap-1.5">
              {section.shortcuts.map((shortcut) => (
                <div key={shortcut.description} className="flex items-center justify-between gap-4">
                  <dt className="text-sm">{shortcut.description}</dt>
                  <dd className="flex shrink-0 items-center gap-1 text-xs text-muted">
                    {shortcut.keys.map((key, index) => (
                      <span key={key} className="flex items-center gap-1">
                        {index > 0 ? <span>then</span> : null}
                        <kbd className="min-w-6 rounded border border-border bg-surface px-1.5 py-0.5 text-center font-sans text-fg">
                          {key}
                        </kbd>
                      </span>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <p className="text-sm text-muted">Shortcuts wait while you type in a field or a card’s body.</p>
      </div>
    </Dialog>
  );
}
