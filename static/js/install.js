// Registers the service worker (served at /sw.js, scope the whole site): it keeps static
// files and an offline page, never a game. Without it the site works the same, online.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
    /* no worker (a private window, an old browser): the site works without one */
  });
}
