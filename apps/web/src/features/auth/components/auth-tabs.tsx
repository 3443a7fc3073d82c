import type { KeyboardEvent, ReactNode } from 'react';

interface AuthTabsProps<Tab extends string> {
  tabs: readonly Tab[];
  selected: Tab;
  onSelect: (tab: Tab) => void;
  /** Prefixes the tabs' ids (`${idPrefix}-${tab}`) and their panel's (`…-panel`). */
  idPrefix: string;
  /** Names the tab list. */
  label: string;
  renderTab: (tab: Tab) => ReactNode;
  /** Added to the list's and to each tab's classes. */
  listClassName?: string;
  tabClassName?: string;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * The tab bar of an auth modal, shown only when there is more than one tab, and the selected tab's
 * panel. The panel is not labelled by its tab: each form carries its own name, and a second
 * "Username" would make the username field's label ambiguous.
 */
export function AuthTabs<Tab extends string>({
  tabs,
  selected,
  onSelect,
  idPrefix,
  label,
  renderTab,
  listClassName,
  tabClassName,
  children,
}: AuthTabsProps<Tab>) {
  const tabId = (tab: Tab) => `${idPrefix}-${tab}`;
  const hasTabs = tabs.length > 1;

  // Arrow keys move between tabs (WAI-ARIA tabs pattern, automatic activation).
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(selected) + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!;
    onSelect(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <>
      {hasTabs && (
        <div className={listClassName ? `auth-tabs ${listClassName}` : 'auth-tabs'} role="tablist" aria-label={label}>
          {tabs.map((tab) => (
            <button
              key={tab}
              id={tabId(tab)}
              type="button"
              role="tab"
              className={tabClassName ? `auth-tabs__tab ${tabClassName}` : 'auth-tabs__tab'}
              aria-selected={tab === selected}
              aria-controls={`${tabId(tab)}-panel`}
              tabIndex={tab === selected ? 0 : -1}
              onClick={() => onSelect(tab)}
              onKeyDown={onTabKeyDown}
            >
              {renderTab(tab)}
            </button>
          ))}
        </div>
      )}
      <div id={`${tabId(selected)}-panel`} role={hasTabs ? 'tabpanel' : undefined}>
        {children}
      </div>
    </>
  );
}
