import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A few header entries behind one button, so the header keeps one row at 1280 px
 * (docs/attendance/console.md): a disclosure — the button says whether it is open, Escape and a
 * click elsewhere close it, and following a link in it closes it. On a phone the header is a menu
 * already: there the button is hidden and the entries are listed in place (styles.css).
 */
export function HeaderGroup({ id, className, label, current = false, children }: {
  id: string;
  className: string;
  label: ReactNode;
  /** The screen shown is one of the group's: the button is marked like a current link. */
  current?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div ref={root} className={`header-group ${className}${open ? ' open' : ''}`}>
      <button ref={toggle} type="button" className={current ? 'group-toggle current' : 'group-toggle'} aria-expanded={open} aria-controls={id}
        onClick={() => setOpen((o) => !o)}>
        {label}
      </button>
      <div id={id} className="group-items" onClick={(e) => { if ((e.target as HTMLElement).closest('a')) setOpen(false); }}>
        {children}
      </div>
    </div>
  );
}
