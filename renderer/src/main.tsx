// Placeholder entry until the analyst's screen lands.
document.documentElement.dataset.state = 'loading';
