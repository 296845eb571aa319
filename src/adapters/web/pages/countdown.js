// The decision countdown bar: drawn every frame from the deadline in the view (server time).
let current = null;

export function setCountdown(countdown, offsetMs) {
  current = countdown ? { deadline: Date.parse(countdown.deadline), seconds: countdown.seconds, offsetMs } : null;
}

function draw() {
  for (const bar of document.querySelectorAll('.countdown')) {
    const fill = bar.querySelector('.countdown-fill');
    const label = bar.querySelector('.countdown-seconds');
    if (!current || !fill || !label) {
      bar.classList.add('idle');
      continue;
    }
    const left = Math.max(0, current.deadline - (Date.now() + current.offsetMs));
    const share = Math.min(1, left / (current.seconds * 1000));
    bar.classList.remove('idle');
    bar.classList.toggle('urgent', left < 5000);
    fill.style.width = `${(share * 100).toFixed(1)}%`;
    label.textContent = `${Math.ceil(left / 1000)}s`;
  }
  requestAnimationFrame(draw);
}

requestAnimationFrame(draw);
