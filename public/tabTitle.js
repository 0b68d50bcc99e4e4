// The tab title before the web app loads: the company this host showed last (cached by the
// app in sessionStorage, and its name in localStorage under `companyName`), else index.html's
// neutral title. A tenant's tab never shows the platform's product name, not even while loading.
(function () {
  try {
    var cached = JSON.parse(sessionStorage.getItem('companyProfile') || 'null');
    var name = (cached && cached.name) || localStorage.getItem('companyName');
    if (name) document.title = 'Welcome | ' + name;
  } catch {
    // Storage unavailable (privacy mode): the neutral title stays.
  }
})();
