/**
 * The prerendered sign-in page as index.html holds it (build/first-paint.ts): each language's copy is a
 * child of #root marked `data-prerender`, shown only on /login, and taken over by the app
 * (app/app-container.tsx, features/auth/lib/prerendered-form.ts).
 */
export const PRERENDERED_COPY = '#root > [data-prerender]';
