(window.__order = window.__order || []).push('lazy');
