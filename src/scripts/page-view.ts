// The page view of a page that has no other script (landing page, not-found pages): every public
// page is counted (SPEC 4).
import { trackPageView } from './analytics.ts';

trackPageView();
