import { type ComponentType, lazy, Suspense } from 'react';
import { Link, Redirect, Route, Router, Switch } from 'wouter';
import './admin.css';
// Before the router: its back-button listener must come first (leave-guard.ts).
import './leave-guard.ts';
import { AdminShell } from './AdminShell.tsx';
import { AnalyticsDashboard } from './analytics/AnalyticsDashboard.tsx';
import { ArchiveScreen } from './archive/ArchiveScreen.tsx';
import { Dashboard } from './Dashboard.tsx';
import { DataProvider } from './data/DataProvider.tsx';
import { GalleryManager } from './galleries/GalleryManager.tsx';
import { LoginForm } from './LoginForm.tsx';
import { ModerationManager } from './moderation/ModerationManager.tsx';
import { PasswordScreen } from './PasswordScreen.tsx';
import { ProfileScreen } from './ProfileScreen.tsx';
import { ADMIN_SECTIONS, mayUse, type SectionPagePath, type SectionPath, sectionPages } from './sections.ts';
import { SocialsScreen } from './SocialsScreen.tsx';
import { StoryManager } from './stories/StoryManager.tsx';
import { SubscribersScreen } from './subscribers/SubscribersScreen.tsx';
import { UploadManager } from './UploadManager.tsx';
import { useSession } from './useSession.ts';

/** Each section's screen; the routes come from ADMIN_SECTIONS, so a section without a screen does not compile. */
const SCREENS: Record<SectionPath, ComponentType> = {
  '/author': ProfileScreen,
  '/galleries': GalleryManager,
  '/stories': StoryManager,
  '/uploads': UploadManager,
  '/moderation': ModerationManager,
  '/subscribers': SubscribersScreen,
  '/socials': SocialsScreen,
  '/password': PasswordScreen,
  '/analytics': AnalyticsDashboard,
  '/archive': ArchiveScreen,
};

// The editor brings CodeMirror and the Markdown renderer: loaded when it is opened, not with the admin.
const ChapterEditorPage = lazy(async () => ({ default: (await import('./writing/ChapterEditorPage.tsx')).ChapterEditorPage }));

/** The screens of the pages inside a section (sections.ts, `pages`). */
const PAGE_SCREENS: Record<SectionPagePath, ComponentType> = {
  '/stories/:storyId/chapters/:chapterId': ChapterEditorPage,
};

/** What a direct address to another role's section shows: a plain answer, not a screen whose calls fail. */
function NotForYourRole() {
  return (
    <>
      <p className="notice notice-error" role="alert">
        Your role cannot use this section.
      </p>
      <Link href="/">Back to the dashboard</Link>
    </>
  );
}

export default function AdminApp() {
  const { state, signedIn, signOut } = useSession();

  if (state.status === 'loading') {
    return (
      <p className="page-status" role="status">
        Loading…
      </p>
    );
  }
  if (state.status === 'signed-out') return <LoginForm onSignedIn={signedIn} />;

  return (
    <DataProvider>
      <Router base="/admin">
        <AdminShell user={state.user} onSignOut={signOut}>
          <Suspense
            fallback={
              <p className="page-status" role="status">
                Loading…
              </p>
            }
          >
            <Switch>
              <Route path="/">
                <Dashboard role={state.user.role} />
              </Route>
              {ADMIN_SECTIONS.map((section) => (
                <Route
                  key={section.path}
                  path={'param' in section ? `${section.path}/:${section.param}?` : section.path}
                  component={mayUse(section, state.user.role) ? SCREENS[section.path] : NotForYourRole}
                />
              ))}
              {sectionPages().map(({ section, path }) => (
                <Route key={path} path={path} component={mayUse(section, state.user.role) ? PAGE_SCREENS[path] : NotForYourRole} />
              ))}
              <Route>
                <Redirect to="/" replace />
              </Route>
            </Switch>
          </Suspense>
        </AdminShell>
      </Router>
    </DataProvider>
  );
}
