import { Redirect, Route, Router, Switch } from 'wouter';
import './admin.css';
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
import { mayOpen } from './sections.ts';
import { SocialsScreen } from './SocialsScreen.tsx';
import { StoryManager } from './stories/StoryManager.tsx';
import { UploadManager } from './UploadManager.tsx';
import { useSession } from './useSession.ts';

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
        <Switch>
          <Route path="/">
            <Dashboard role={state.user.role} />
          </Route>
          <Route path="/author" component={ProfileScreen} />
          <Route path="/galleries/:galleryId?" component={GalleryManager} />
          <Route path="/stories/:storyId?" component={StoryManager} />
          <Route path="/uploads" component={UploadManager} />
          <Route path="/socials" component={SocialsScreen} />
          <Route path="/moderation" component={ModerationManager} />
          <Route path="/password" component={PasswordScreen} />
          {mayOpen('/analytics', state.user.role) && <Route path="/analytics" component={AnalyticsDashboard} />}
          {mayOpen('/archive', state.user.role) && <Route path="/archive" component={ArchiveScreen} />}
          <Route>
            <Redirect to="/" replace />
          </Route>
        </Switch>
      </AdminShell>
    </Router>
    </DataProvider>
  );
}
