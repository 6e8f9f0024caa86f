import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { PublishStatus } from './PublishStatus.tsx';
import { ThemeToggleButton } from './ThemeToggleButton.tsx';
import { sectionFor } from './sections.ts';
import type { AdminUser } from './useSession.ts';

export function AdminShell({ user, onSignOut, children }: { user: AdminUser; onSignOut(everywhere: boolean): void; children: ReactNode }) {
  const [location] = useLocation();
  const section = sectionFor(location);

  return (
    <div className="admin">
      <header className="topbar">
        <Link href="/" className="brand">
          Author CMS
        </Link>
        <p className="welcome">
          Welcome, {user.username} ({user.role})
        </p>
        <PublishStatus />
        <div className="topbar-actions">
          <ThemeToggleButton />
          <a className="button button-ghost" href="/" target="_blank" rel="noopener">
            View Site
          </a>
          <details className="logout-menu">
            <summary className="button button-ghost">Logout</summary>
            <div className="popover logout-options">
              <button className="button button-ghost" type="button" onClick={() => onSignOut(false)}>
                Sign out of this device
              </button>
              <button className="button button-ghost" type="button" onClick={() => onSignOut(true)}>
                Sign out everywhere
              </button>
            </div>
          </details>
        </div>
      </header>
      {section && (
        <nav className="breadcrumb" aria-label="Breadcrumb">
          <ol>
            <li>
              <Link href="/">Dashboard</Link>
            </li>
            <li aria-current="page">{section.label}</li>
          </ol>
        </nav>
      )}
      <main className="admin-main">{children}</main>
    </div>
  );
}
