"""MCU: task-centric evaluation on the survival engine (configs, playability, judges)."""
