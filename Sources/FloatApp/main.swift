import CSDL
import PiPLayout
import Playback

var info = SDL_SysWMinfo()
print(SDL_Init(0), PiPLayoutModule.name, PlaybackModule.name, MemoryLayout.size(ofValue: info))
