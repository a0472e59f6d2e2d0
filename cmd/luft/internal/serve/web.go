package serve

import (
	"embed"
	"io/fs"
	"net/http"
)

// page holds the page: web/src/index.html as written, and web/dist, the
// scripts and styles built from web/src by web/build.mjs (npm run build)
// and committed, so that go build needs no Node.js.
//
//go:embed web/src/index.html web/dist
var page embed.FS

// pageHandler serves the page: index.html at / and the built assets
// beside it, to GET and HEAD only.
func pageHandler() http.Handler {
	dist, err := fs.Sub(page, "web/dist")
	if err != nil {
		panic(err) // cannot happen: the directory is embedded
	}
	assets := http.FileServerFS(dist)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		if r.URL.Path == "/" || r.URL.Path == "/index.html" {
			http.ServeFileFS(w, r, page, "web/src/index.html")
			return
		}
		assets.ServeHTTP(w, r)
	})
}
