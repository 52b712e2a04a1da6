// Moving within Home Assistant's frontend without a page load: the same
// history entry plus "location-changed" that its own navigation uses.
export function navigate(path, replace = false) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  window.dispatchEvent(new CustomEvent("location-changed", { detail: { replace } }));
}
